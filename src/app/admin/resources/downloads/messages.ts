import { MESSAGES } from '../../../../shared/messages';

/** Texts of the downloads screens: `resources.downloads` (react-admin) and `tm.downloads` (the panel's own). */
export const messages = {
  resource: {
    name: 'Download |||| Downloads',
    fields: {
      name: 'Application',
      platform: 'Platform',
      version: 'Version',
      size: 'Size',
      downloads: 'Downloads',
      rating: 'Rating',
      releaseDate: 'Release date',
      description: 'Description',
      downloadUrl: 'Download URL',
      changelog: 'Changelog',
      isActive: 'Active',
      createdAt: 'Created',
    },
  },
  tm: {
    title: 'Downloads',
    empty: 'No downloads found',
    columns: {
      application: 'Application',
      platform: 'Platform',
      version_size: 'Version / size',
      downloads_rating: 'Downloads / rating',
      status: 'Status',
    },
    active: 'Active',
    inactive: 'Inactive',
    activate: 'Activate',
    deactivate: 'Deactivate',
    version: 'v%{version}',
    downloads_count: '%{count} downloads',
    test_download: 'Test download',
    detail_title: 'Detail Download',
    changelog_entry: 'Changelog entry %{number}',
    add_changelog: 'Add changelog entry',
    remove_changelog: 'Remove changelog entry %{number}',
    no_changelog: 'No changelog',
    delete_confirm: 'Are you sure you want to delete this download?',
    delete_failed: 'Failed to delete download',
    delete_error: 'Error deleting download: %{message}',
    validation: MESSAGES.download,
  },
};
