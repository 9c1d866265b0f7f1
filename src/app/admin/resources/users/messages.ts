import { companyFieldLabels, personFieldLabels } from '../../components/personFieldLabels';

/** Texts of the users screens: `resources.users` (react-admin) and `tm.users` (the panel's own). */
export const messages = {
  resource: {
    name: 'User |||| Users',
    fields: { ...personFieldLabels, ...companyFieldLabels, no_phone: 'Phone', role: 'Role' },
  },
  tm: {
    title: 'Users',
    empty: 'No users found',
    delete_confirm: 'Are you sure you want to delete this user?',
    detail_title: 'Detail User',
  },
};
