/** Labels of PersonForm's fields, shared by the users, mitra and petani resources (`resources.<name>.fields`). */
export const personFieldLabels = {
  full_name: 'Name',
  username: 'Username',
  email: 'Email',
  phone: 'Phone',
  nik: 'NIK',
  alamat: 'Address',
  status_verifikasi: 'Status',
  password: 'Password',
  created_at: 'Created',
};

/** Labels of the company fields a mitra (and a user with role mitra) has. */
export const companyFieldLabels = {
  company_name: 'Company name',
  company_address: 'Company address',
  company_position: 'Company position',
  no_loa: 'No. LOA',
};
