export interface AddressParts {
  location_name: string;
  sub_district_name: string;
  district_name: string;
  province_name: string;
}

/** Prefixes `name` with its administrative level unless the name already starts with it. */
const titled = (level: string, name: string) =>
  name === '' || name.toLowerCase().startsWith(`${level.toLowerCase()} `) ? name : `${level} ${name}`;

/**
 * "Desa Sukamaju, Kecamatan Cibeber, Kabupaten Cianjur, Provinsi Jawa Barat". Location and district
 * names already carry their level (Desa …, Kabupaten …/Kota …); kecamatan and province names do not.
 */
export function fullAddress(parts: AddressParts): string {
  return [
    parts.location_name.trim(),
    titled('Kecamatan', parts.sub_district_name.trim()),
    parts.district_name.trim(),
    titled('Provinsi', parts.province_name.trim()),
  ]
    .filter((part) => part !== '')
    .join(', ');
}
