import { personFieldLabels } from '../../components/personFieldLabels';

/** Texts of the petani screens: `resources.petani` (react-admin) and `tm.petani` (the panel's own). */
export const messages = {
  resource: {
    name: 'Petani |||| Petani',
    fields: { ...personFieldLabels, fullname_petani: 'Name' },
  },
  tm: {
    title: 'Petani',
    empty: 'No petani found',
    delete_confirm: 'Are you sure you want to delete this petani?',
    detail_title: 'Detail Informasi Petani',
  },
};
