import { companyFieldLabels, personFieldLabels } from '../../components/personFieldLabels';

/** Texts of the mitra screens: `resources.mitra` (react-admin) and `tm.mitra` (the panel's own). */
export const messages = {
  resource: {
    name: 'Mitra |||| Mitra',
    fields: { ...personFieldLabels, ...companyFieldLabels, fullname_mitra: 'Name' },
  },
  tm: {
    title: 'Mitra',
    empty: 'No mitra found',
    delete_confirm: 'Are you sure you want to delete this mitra?',
    detail_title: 'Detail Informasi Mitra',
  },
};
