import {
  ArrayInput,
  AutocompleteInput,
  Create,
  Edit,
  NumberInput,
  ReferenceInput,
  required,
  SimpleFormIterator,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { LUAS_LAHAN_MAX, MAX_PAGE_SIZE } from '../../../../shared/constants';
import { EditForm } from '../../components/EditForm';
import { personName } from '../../components/personName';
import { validUrl } from '../../components/urlRule';
import { BoundaryInput } from './BoundaryInput';

/** luas_lahan is above 0 and at most LUAS_LAHAN_MAX (m²), as the API checks it. */
const area = (value: unknown) => {
  if (value === undefined || value === null || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) return 'tm.lahan.area_positive';
  return n > LUAS_LAHAN_MAX ? 'tm.lahan.area_too_large' : undefined;
};

const locationText = (record: RaRecord) =>
  [record.location_name, record.sub_district_name, record.province_name].filter(Boolean).join(', ');

/** The land's own fields; the status changes through the list's badge (docs/spec-notes.md §4). */
function LahanForm({ create }: { create?: boolean }) {
  return (
    <EditForm>
      {create && (
        <ReferenceInput source="petani_id" reference="petani">
          <AutocompleteInput
            optionText={(record: RaRecord) => personName(record, 'fullname_petani')}
            filterToQuery={(q) => ({ q })}
            validate={required()}
          />
        </ReferenceInput>
      )}
      <TextInput source="nama_lahan" validate={required()} fullWidth />
      <NumberInput source="luas_lahan" validate={[required(), area]} />
      <TextInput source="address_lahan" validate={required()} fullWidth multiline />
      <ReferenceInput source="location_id" reference="location">
        <AutocompleteInput optionText={locationText} filterToQuery={(q) => ({ q })} validate={required()} />
      </ReferenceInput>
      <ReferenceInput source="category_id" reference="category" perPage={MAX_PAGE_SIZE}>
        <AutocompleteInput optionText="type_name" filterToQuery={(q) => ({ q })} validate={required()} />
      </ReferenceInput>
      <BoundaryInput />
      <ArrayInput source="url_image" defaultValue={[]}>
        <SimpleFormIterator inline disableReordering>
          <TextInput source="" label="tm.lahan.photo_url" validate={[required(), validUrl]} fullWidth />
        </SimpleFormIterator>
      </ArrayInput>
    </EditForm>
  );
}

export const LahanCreate = () => (
  <Create redirect="list">
    <LahanForm create />
  </Create>
);

export const LahanEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <LahanForm />
  </Edit>
);
