import { Type } from 'typebox';
import { Id, listQuery, Timestamp } from '../../http/schemas.js';

export const AREA_NAME_MAX = 120;
export const LOCATION_NAME_MAX = 160;

const ParentId = (what: string) =>
  Id(`Id of an existing ${what}. A JSON string of digits such as "12" is accepted and read as 12.`);

const Name = (description: string, maxLength = AREA_NAME_MAX) => Type.String({ maxLength, description });

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

export const LocationBody = Type.Object(
  {
    location_name: Name(
      'Required; trimmed; unique within its sub-district (any letter case)',
      LOCATION_NAME_MAX,
    ),
    sub_district_id: ParentId('sub-district'),
  },
  { additionalProperties: false },
);

const FilterId = Type.Optional(Id());

export const LOCATION_SORT_KEYS = ['created_at', 'location_name', 'province_name'] as const;
export const LocationListQuery = listQuery(LOCATION_SORT_KEYS, {
  province_id: FilterId,
  district_id: FilterId,
  sub_district_id: FilterId,
});

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

export const ProvinceBody = Type.Object(
  { province_name: Name('Required; trimmed; unique (any letter case)') },
  { additionalProperties: false },
);
export const DistrictBody = Type.Object(
  {
    district_name: Name('Required; trimmed; unique within the province (any letter case)'),
    province_id: ParentId('province'),
  },
  { additionalProperties: false },
);
export const SubDistrictBody = Type.Object(
  {
    sub_district_name: Name('Required; trimmed; unique within the district (any letter case)'),
    district_id: ParentId('district'),
  },
  { additionalProperties: false },
);
