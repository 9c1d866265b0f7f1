import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useCreate, useNotify, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { failureText, FormDialog } from '../../components/FormDialog';
import { useAdminDataProvider } from '../../providers/dataProvider';
import type { LocationLevel } from '../../providers/endpoints';
import { useAreaChoices } from './useAreaChoices';

const LEVELS: LocationLevel[] = ['province', 'district', 'sub_district', 'location'];

/** Which parents each level needs: a district a province, a sub-district a district, a location a sub-district. */
const NEEDS = {
  province: { province: false, district: false, subDistrict: false },
  district: { province: true, district: false, subDistrict: false },
  sub_district: { province: true, district: true, subDistrict: false },
  location: { province: true, district: true, subDistrict: true },
} as const;

const NAME_FIELD = {
  province: 'province_name',
  district: 'district_name',
  sub_district: 'sub_district_name',
  location: 'location_name',
} as const;

/** The body of the create call, ids as integers (docs/spec-notes.md §5). */
export function locationBody(
  type: LocationLevel,
  name: string,
  ids: { provinceId: number | null; districtId: number | null; subDistrictId: number | null },
): Record<string, string | number> {
  const body: Record<string, string | number> = { [NAME_FIELD[type]]: name.trim() };
  if (type === 'district') body.province_id = Number(ids.provinceId);
  if (type === 'sub_district') body.district_id = Number(ids.districtId);
  if (type === 'location') body.sub_district_id = Number(ids.subDistrictId);
  return body;
}

interface LocationFormDialogProps {
  /** The location to edit (name and sub-district); without it, any level can be created. */
  record?: RaRecord;
  onClose(): void;
}

const idOf = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : Number(value);

export function LocationFormDialog({ record, onClose }: LocationFormDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  const [create] = useCreate();
  const [update] = useUpdate();
  const [type, setType] = useState<LocationLevel>('location');
  const [name, setName] = useState<string>(record?.location_name ?? '');
  const [provinceId, setProvinceId] = useState<number | null>(idOf(record?.province_id));
  const [districtId, setDistrictId] = useState<number | null>(idOf(record?.district_id));
  const [subDistrictId, setSubDistrictId] = useState<number | null>(idOf(record?.sub_district_id));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const areas = useAreaChoices(provinceId, districtId);
  const needs = NEEDS[type];
  const typeLabel = translate(`tm.location.types.${type}`);

  const complete =
    Boolean(name.trim()) &&
    (!needs.province || provinceId !== null) &&
    (!needs.district || districtId !== null) &&
    (!needs.subDistrict || subDistrictId !== null);
  const touched = Boolean(name) || provinceId !== null;

  const chooseType = (next: LocationLevel) => {
    setType(next);
    setName('');
    setProvinceId(null);
    setDistrictId(null);
    setSubDistrictId(null);
    setError(null);
  };
  const chooseProvince = (id: number | null) => {
    setProvinceId(id);
    setDistrictId(null);
    setSubDistrictId(null);
  };
  const chooseDistrict = (id: number | null) => {
    setDistrictId(id);
    setSubDistrictId(null);
  };

  const done = (message: string, args?: object) => {
    notify(message, { type: 'success', messageArgs: args });
    onClose();
  };
  const failed = (failure: unknown) => {
    setSaving(false);
    const text = record
      ? translate('tm.location.update_failed')
      : translate('tm.location.create_failed', { type: typeLabel });
    setError(failureText(failure, text, text));
  };

  const submit = () => {
    if (!complete) return setError(translate('tm.location.required'));
    setError(null);
    setSaving(true);
    const body = locationBody(type, name, { provinceId, districtId, subDistrictId });
    if (record)
      update(
        'location',
        // Without previousData the whole body is sent: PUT /admin/location/{id} takes both fields.
        { id: record.id, data: body },
        { mutationMode: 'pessimistic', onSuccess: () => done('tm.location.updated_notice'), onError: failed },
      );
    else if (type === 'location')
      create(
        'location',
        { data: body },
        { onSuccess: () => done('tm.location.created_notice', { type: typeLabel }), onError: failed },
      );
    else
      dataProvider
        .createLocationLevel(type, body)
        .then(() => done('tm.location.created_notice', { type: typeLabel }), failed);
  };

  const nameLabel = translate(`tm.location.${NAME_FIELD[type]}`);
  return (
    <FormDialog
      title={translate(record ? 'tm.location.edit_title' : 'tm.location.create_title')}
      onClose={onClose}
      onSubmit={submit}
      canSubmit={complete}
      saving={saving}
      error={error ?? areas.error}
      hint={touched && !complete ? translate('tm.location.required') : null}
    >
      {!record && (
        <TextField
          select
          label={translate('tm.location.type')}
          value={type}
          onChange={(event) => chooseType(event.target.value as LocationLevel)}
          fullWidth
        >
          {LEVELS.map((level) => (
            <MenuItem key={level} value={level}>
              {translate(`tm.location.types.${level}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {needs.province && (
        <TextField
          select
          required
          label={translate('tm.location.province')}
          value={provinceId ?? ''}
          onChange={(event) => chooseProvince(idOf(event.target.value))}
          fullWidth
        >
          {areas.provinces.map((province) => (
            <MenuItem key={province.id} value={province.id}>
              {province.province_name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {needs.district && (
        <TextField
          select
          required
          disabled={provinceId === null}
          label={translate('tm.location.district')}
          value={areas.districts.length ? (districtId ?? '') : ''}
          onChange={(event) => chooseDistrict(idOf(event.target.value))}
          fullWidth
        >
          {areas.districts.map((district) => (
            <MenuItem key={district.id} value={district.id}>
              {district.district_name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {needs.subDistrict && (
        <TextField
          select
          required
          disabled={districtId === null}
          label={translate('tm.location.sub_district')}
          value={areas.subDistricts.length ? (subDistrictId ?? '') : ''}
          onChange={(event) => setSubDistrictId(idOf(event.target.value))}
          fullWidth
        >
          {areas.subDistricts.map((subDistrict) => (
            <MenuItem key={subDistrict.id} value={subDistrict.id}>
              {subDistrict.sub_district_name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        label={nameLabel}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        fullWidth
      />
    </FormDialog>
  );
}
