import type { ReactElement } from 'react';
import { ReferenceInput, SelectInput } from 'react-admin';
import { LAHAN_STATUSES, MAX_PAGE_SIZE } from '../../../../shared/constants';
import { lahanStatusLabel } from '../../../../shared/statusLabels';
import { booleanFilter } from '../../components/booleanFilter';
import { ProvinceFilterInput } from '../../components/ProvinceFilterInput';

/** The lahan tab's filters besides the search box: the list and the map show the same lahan. */
export const lahanFilters: ReactElement<{ source: string }>[] = [
  <SelectInput
    key="status"
    source="status"
    choices={LAHAN_STATUSES.map((id) => ({ id, name: lahanStatusLabel(id) }))}
  />,
  <ReferenceInput key="category_id" source="category_id" reference="category" perPage={MAX_PAGE_SIZE}>
    <SelectInput optionText="type_name" label="resources.lahan.fields.category_id" />
  </ReferenceInput>,
  <ProvinceFilterInput key="province_id" source="province_id" label="resources.lahan.fields.province_id" />,
  // Translation keys: react-admin translates the label and the choices.
  booleanFilter('luas_berbeda', {
    label: 'resources.lahan.fields.luas_berbeda',
    yes: 'tm.lahan.luas_berbeda_yes',
    no: 'tm.lahan.luas_berbeda_no',
  }),
];
