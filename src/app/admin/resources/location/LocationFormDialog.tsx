import { Alert, MenuItem, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SelectInput, TextInput, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { failureText, FormDialog } from '../../components/FormDialog';
import { useAreaChoices } from './useAreaChoices';

/** The levels of the hierarchy; each is created at its own resource (`create('province')`, …). */
const LEVELS = ['province', 'district', 'sub_district', 'location'] as const;
type LocationLevel = (typeof LEVELS)[number];

/** Each level's name field, and the parents chosen before it (the last one is sent). */
const LEVEL = {
  province: { name: 'province_name', parents: [] },
  district: { name: 'district_name', parents: ['province_id'] },
  sub_district: { name: 'sub_district_name', parents: ['province_id', 'district_id'] },
  location: { name: 'location_name', parents: ['province_id', 'district_id', 'sub_district_id'] },
} as const satisfies Record<LocationLevel, { name: string; parents: readonly string[] }>;

/** The cached lists each level's creation makes out of date. */
const AREA_QUERIES: Record<LocationLevel, string | null> = {
  province: 'getProvinces',
  district: 'getDistricts',
  sub_district: 'getSubDistricts',
  location: null,
};

/** The body of the create/update call: the trimmed name and the direct parent's id as an integer (docs/spec-notes.md §5). */
export function locationBody(type: LocationLevel, values: Record<string, unknown>) {
  const { name, parents } = LEVEL[type];
  const body: Record<string, string | number> = { [name]: String(values[name] ?? '').trim() };
  const parent = parents.at(-1);
  if (parent) body[parent] = Number(values[parent]);
  return body;
}

interface LocationFormDialogProps {
  /** The location to edit (name and sub-district); without it, any level can be created. */
  record?: RaRecord;
  onClose(): void;
}

export function LocationFormDialog({ record, onClose }: LocationFormDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [type, setType] = useState<LocationLevel>('location');
  const typeLabel = translate(`tm.location.types.${type}`);
  const failed = record
    ? translate('tm.location.update_failed')
    : translate('tm.location.create_failed', { type: typeLabel });
  const saved = () => {
    const outdated = AREA_QUERIES[type];
    if (outdated) queryClient.invalidateQueries({ queryKey: [outdated] });
    if (record) notify('tm.location.updated_notice', { type: 'success' });
    else notify('tm.location.created_notice', { type: 'success', messageArgs: { type: typeLabel } });
  };
  return (
    <FormDialog
      title={translate(record ? 'tm.location.edit_title' : 'tm.location.create_title')}
      resource={type}
      record={record}
      required={[LEVEL[type].name, ...LEVEL[type].parents]}
      toBody={(values) => locationBody(type, values)}
      hint={translate('tm.location.required')}
      failure={(error) => failureText(error, failed, failed)}
      onSaved={saved}
      onClose={onClose}
    >
      {!record && <LevelSelect value={type} onChange={setType} />}
      <LevelFields type={type} />
    </FormDialog>
  );
}

/** The level to create; choosing another empties the form. */
function LevelSelect({ value, onChange }: { value: LocationLevel; onChange(level: LocationLevel): void }) {
  const translate = useTranslate();
  const { reset } = useFormContext();
  return (
    <TextField
      select
      label={translate('tm.location.type')}
      value={value}
      onChange={(event) => {
        reset();
        onChange(event.target.value as LocationLevel);
      }}
      fullWidth
    >
      {LEVELS.map((level) => (
        <MenuItem key={level} value={level}>
          {translate(`tm.location.types.${level}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

const idOf = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : Number(value);

/** The parents' selects, top down: each lists the choices under the one above and is named after its level. */
const PARENTS = [
  { source: 'province_id', level: 'province', choices: 'provinces' },
  { source: 'district_id', level: 'district', choices: 'districts' },
  { source: 'sub_district_id', level: 'sub_district', choices: 'subDistricts' },
] as const;

/** The parents' cascade (a new province clears the district and sub-district) and the name. */
function LevelFields({ type }: { type: LocationLevel }) {
  const { setValue } = useFormContext();
  const [province, district] = useWatch({ name: ['province_id', 'district_id'] });
  const chosen = [true, idOf(province), idOf(district)] as const;
  const areas = useAreaChoices(chosen[1], chosen[2]);
  const { name, parents } = LEVEL[type];
  return (
    <>
      {PARENTS.filter(({ source }) => (parents as readonly string[]).includes(source)).map(
        ({ source, level, choices }, index) => (
          <SelectInput
            key={source}
            source={source}
            label={`tm.location.${level}`}
            choices={areas[choices]}
            optionText={`${level}_name`}
            translateChoice={false}
            isRequired
            fullWidth
            disabled={chosen[index] === null}
            // A parent's new value empties the selects below it.
            onChange={() => PARENTS.slice(index + 1).forEach((below) => setValue(below.source, null))}
          />
        ),
      )}
      <TextInput source={name} label={`tm.location.${name}`} isRequired fullWidth />
      {areas.error && (
        <Alert severity="error" sx={{ width: '100%' }}>
          {areas.error}
        </Alert>
      )}
    </>
  );
}
