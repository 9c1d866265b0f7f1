/* Part of MESSAGES (../messages.ts): the records — lahan, the generic record routes, downloads. */

/** Lahan fields (per-field validation of POST/PUT /lahan). */
export const lahan = {
  invalidData: 'Data lahan tidak valid',
  namaRequired: 'Nama lahan wajib diisi',
  luasInvalid: 'Luas lahan harus berupa angka lebih dari 0 (m²)',
  luasTooLarge: 'Luas lahan paling besar 10.000.000.000 m² (1 juta hektare)',
  addressRequired: 'Alamat lahan wajib diisi',
  locationRequired: 'Lokasi wajib dipilih',
  locationMissing: 'Lokasi yang dipilih tidak ditemukan',
  categoryRequired: 'Kategori lahan wajib dipilih',
  categoryMissing: 'Kategori lahan yang dipilih tidak ditemukan',
  petaniRequired: 'Petani pemilik lahan wajib dipilih',
  petaniMissing: 'Petani yang dipilih tidak ditemukan',
  ownerCannotChange: 'Pemilik lahan tidak dapat diubah',
  imagesInvalid: 'url_image harus berupa daftar URL http(s), paling banyak 10',
  // One text per problem of gps (modules/lahan/geometry.ts validateBoundary); the apps show the same.
  gpsInvalid: 'gps harus berupa GeoJSON Point atau Polygon dengan koordinat WGS84 yang valid, atau null',
  gpsPositionInvalid: 'Setiap titik gps harus berupa [bujur, lintang] WGS84 dalam angka',
  gpsRingTooShort: 'Batas lahan kurang dari 4 titik (3 sudut dan titik penutup)',
  gpsRingNotClosed: 'Batas lahan tidak tertutup: titik terakhir harus sama dengan titik pertama',
  gpsTooManyPositions: 'Batas lahan lebih dari 1.000 titik',
  gpsTooManyRings: 'Batas lahan paling banyak memiliki 9 lubang',
  gpsOutsideIndonesia: 'Titik gps berada di luar wilayah Indonesia',
  gpsSwapped: 'Urutan koordinat gps tertukar: tulis [bujur, lintang], misalnya [110.42, -7.05]',
  gpsSelfIntersecting: 'Garis batas lahan bersilangan',
  gpsHoleOutside: 'Lubang pada batas lahan berada di luar batas luarnya',
  gpsHoleInHole: 'Lubang pada batas lahan berada di dalam lubang lain',
  gpsNoArea: 'Batas lahan tidak membentuk bidang (luasnya kurang dari 1 m²)',
  gpsTooLarge: 'Batas lahan lebih luas dari 10.000.000.000 m² (1 juta hektare)',
  statusInvalid: 'Status lahan tidak dikenal',
  areaRangeInvalid: 'Luas maksimum tidak boleh lebih kecil dari luas minimum',
  bboxInvalid: 'Bbox harus berupa minLon,minLat,maxLon,maxLat dalam derajat desimal',
} as const;

/** Outcomes of the record routes, by the record's label ('Category', 'Lahan', 'Download', …). */
export const record = {
  notFound: (label: string) => `${label} not found`,
  created: (label: string) => `${label} created`,
  updated: (label: string) => `${label} updated`,
  deleted: (label: string) => `${label} deleted`,
  verified: (label: string) => `${label} verified`,
  counted: (label: string) => `${label} counted`,
  /** `scope`: the parent within which the name must be unique ('province', 'sub-district'), if any. */
  nameTaken: (label: string, name: string, scope?: string) =>
    `${label} "${name}" already exists${scope ? ` in this ${scope}` : ''}`,
  parentMissing: (label: string, id: number) => `${label} ${id} does not exist`,
  categoryInUse: (label: string, name: string, n: number, noun: string) =>
    `${label} "${name}" is used by ${n} ${noun}; assign them another category before deleting it`,
  locationInUse: (name: string, n: number) =>
    `Location "${name}" is used by ${n} lahan; move them to another location before deleting it`,
  subDistrictMissing: 'The chosen sub-district does not exist',
} as const;

export const download = {
  nameRequired: 'Name is required',
  versionRequired: 'Version is required',
  sizeRequired: 'Size is required',
  descriptionRequired: 'Description is required',
  urlRequired: 'Download URL is required',
  urlInvalid: 'Please enter a valid URL',
  ratingRange: 'Rating must be between 0 and 5',
  downloadsNegative: 'Downloads cannot be negative',
  downloadsWhole: 'Downloads must be a whole number',
  platformInvalid: 'Platform must be one of android, windows, web, ios, mac, linux',
  releaseDateInvalid: 'Release date must be a date (YYYY-MM-DD)',
  changelogInvalid: 'Changelog must be a list of texts (at most 50 entries of 500 characters)',
  isActiveInvalid: 'isActive must be true or false',
  nameTooLong: 'Name must be at most 160 characters',
  versionTooLong: 'Version must be at most 40 characters',
  sizeTooLong: 'Size must be at most 40 characters',
  descriptionTooLong: 'Description must be at most 5000 characters',
  urlTooLong: 'Download URL must be at most 2000 characters',
} as const;
