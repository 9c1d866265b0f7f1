import { Type, type Static } from 'typebox';
import { parentId, requiredName } from '../../http/field-rules.js';
import { requiredForm } from '../../http/forms.js';
import { idFilters, listQuery, Timestamp } from '../../http/schemas.js';

const Name = (description: string, max = 120) => requiredName(max, description);

export const Location = Type.Object({
  id: Type.Integer(),
  location_name: Type.String(),
  sub_district_id: Type.Integer(),
  sub_district_name: Type.String(),
  district_id: Type.Integer(),
  district_name: Type.String(),
  province_id: Type.Integer(),
  province_name: Type.String(),
  full_address: Type.String({ description: 'Desa …, Kecamatan …, Kabupaten/Kota …, Provinsi …' }),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const LocationBody = requiredForm({
  location_name: Name('Required; trimmed; unique within its sub-district (any letter case)', 160),
  sub_district_id: parentId('sub-district'),
});
export type LocationInput = Static<typeof LocationBody>;

export const LOCATION_SORT_KEYS = ['created_at', 'location_name', 'province_name'] as const;
export const LocationListQuery = listQuery(
  LOCATION_SORT_KEYS,
  idFilters(['province_id', 'district_id', 'sub_district_id']),
);
export type LocationQuery = Static<typeof LocationListQuery>;

export const Province = Type.Object({ id: Type.Integer(), province_name: Type.String() });
export const District = Type.Object({
  id: Type.Integer(),
  district_name: Type.String(),
  province_id: Type.Integer(),
});
export const SubDistrict = Type.Object({
  id: Type.Integer(),
  sub_district_name: Type.String(),
  district_id: Type.Integer(),
});

export const ProvinceBody = requiredForm({
  province_name: Name('Required; trimmed; unique (any letter case)'),
});
export const DistrictBody = requiredForm({
  district_name: Name('Required; trimmed; unique within the province (any letter case)'),
  province_id: parentId('province'),
});
export const SubDistrictBody = requiredForm({
  sub_district_name: Name('Required; trimmed; unique within the district (any letter case)'),
  district_id: parentId('district'),
});
