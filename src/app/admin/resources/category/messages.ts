import { MESSAGES } from '../../../../shared/messages';

/** Texts of the category screens: `resources.category` (react-admin) and `tm.category` (the panel's own). */
export const messages = {
  resource: {
    name: 'Category |||| Category',
    fields: {
      type_name: 'Name',
      description: 'Description',
      created_at: 'Created',
      updated_at: 'Updated',
    },
  },
  tm: {
    title: 'Category',
    empty: 'No categories found',
    detail_title: 'Detail Category',
    id: 'ID',
    name: 'Name',
    description: 'Description',
    created: 'Created',
    updated: 'Updated',
    create_title: 'Create Category',
    edit_title: 'Edit Category',
    required: MESSAGES.requiredFields,
    create_failed: 'Failed to create category',
    create_error: 'An error occurred while creating category',
    update_failed: 'Failed to update category',
    created_notice: 'Category created',
    updated_notice: 'Category updated',
    delete_confirm: 'Are you sure you want to delete this category? This action cannot be undone.',
    delete_failed: 'An error occurred while deleting category',
    delete_error: 'Failed to delete category: %{message}',
    in_use: 'Dipakai lahan',
    in_use_yes: 'Ya',
    in_use_no: 'Tidak',
  },
};
