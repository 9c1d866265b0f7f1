import type { MyLahan } from '../api';

/** Where a lahan is, from its location to its province. */
export const placeOf = (l: MyLahan) =>
  [l.location_name, l.sub_district_name, l.district_name, l.province_name].filter(Boolean).join(', ') || '-';
