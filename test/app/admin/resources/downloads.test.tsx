import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderPanel } from '../support';
import { listOf, testDataProvider } from './support';
import { MESSAGES } from '../../../../src/shared/messages';

const download = {
  id: 1,
  name: 'TaniMitra Android',
  platform: 'android',
  version: '1.2.0',
  size: '32.4 MB',
  downloads: 1250,
  rating: 4.6,
  releaseDate: '2025-01-20',
  description: 'Aplikasi untuk petani dan mitra',
  downloadUrl: 'https://example.com/tanimitra.apk',
  changelog: ['Perbaikan bug', 'Fitur kontrak'],
  isActive: true,
  createdAt: '2025-01-20T08:00:00.000Z',
};

describe('Downloads list', () => {
  it('shows the management columns, the status and a test-download link', async () => {
    renderPanel(
      '/downloads',
      testDataProvider({
        getList: listOf([download, { ...download, id: 2, name: 'TaniMitra Web', isActive: false }]),
      }),
    );
    await screen.findByText('TaniMitra Android');
    for (const header of [
      'Application',
      'Platform',
      'Version / size',
      'Downloads / rating',
      'Status',
      'Actions',
    ])
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeInTheDocument();
    const row = screen.getByText('TaniMitra Android').closest('tr') as HTMLElement;
    for (const text of ['android', 'v1.2.0', '32.4 MB', '1.250 downloads', '★ 4.6', 'Active'])
      expect(within(row).getByText(text)).toBeInTheDocument();
    const link = within(row).getByRole('link', { name: 'Test download' });
    expect(link).toHaveAttribute('href', 'https://example.com/tanimitra.apk');
    expect(link).toHaveAttribute('target', '_blank');
    const inactive = screen.getByText('TaniMitra Web').closest('tr') as HTMLElement;
    expect(within(inactive).getByText('Inactive')).toBeInTheDocument();
  });

  it('deactivates the selected downloads in bulk', async () => {
    const dataProvider = testDataProvider({
      getList: listOf([download, { ...download, id: 2, name: 'TaniMitra Web' }]),
    });
    renderPanel('/downloads', dataProvider);
    const user = userEvent.setup();
    await screen.findByText('TaniMitra Android');
    for (const name of ['TaniMitra Android', 'TaniMitra Web'])
      await user.click(within(screen.getByText(name).closest('tr') as HTMLElement).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await user.click(await screen.findByRole('button', { name: 'Konfirmasi' }));
    await waitFor(() =>
      expect(dataProvider.updateMany).toHaveBeenCalledWith(
        'downloads',
        expect.objectContaining({ ids: [1, 2], data: { isActive: false } }),
      ),
    );
  });

  it('opens the detail with the changelog', async () => {
    renderPanel('/downloads', testDataProvider({ getList: listOf([download]) }));
    await userEvent.click(await screen.findByText('TaniMitra Android'));
    const dialog = await screen.findByRole('dialog', { name: 'TaniMitra Android' });
    for (const text of ['Perbaikan bug', 'Fitur kontrak', '20 Januari 2025', '32.4 MB'])
      expect(within(dialog).getByText(text)).toBeInTheDocument();
  });

  it('says so when empty, and shows load errors with Retry', async () => {
    const getList = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('Server sedang sibuk', 503))
      .mockResolvedValue({ data: [], total: 0 });
    renderPanel('/downloads', testDataProvider({ getList }));
    expect(await screen.findByText('Error loading downloads: Server sedang sibuk')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No downloads found')).toBeInTheDocument();
  });
});

describe('Download form', () => {
  it('starts with the defaults and shows every validation message', async () => {
    const dataProvider = testDataProvider();
    renderPanel('/downloads/create', dataProvider);
    const user = userEvent.setup();
    const rating = await screen.findByRole('spinbutton', { name: 'Rating' });
    expect(rating).toHaveValue(4.5);
    expect(screen.getByRole('combobox', { name: 'Platform' })).toHaveTextContent('android');
    expect(screen.getByLabelText('Release date')).toHaveValue(format(new Date(), 'yyyy-MM-dd'));
    expect(screen.getByRole('switch', { name: 'Active' })).toBeChecked();
    expect(screen.getAllByRole('textbox', { name: /Changelog entry/ })).toHaveLength(1);

    await user.clear(rating);
    await user.type(rating, '6');
    await user.type(screen.getByRole('spinbutton', { name: 'Downloads' }), '{backspace}-3');
    await user.type(screen.getByRole('textbox', { name: 'Download URL' }), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    for (const message of [
      MESSAGES.download.nameRequired,
      MESSAGES.download.versionRequired,
      MESSAGES.download.sizeRequired,
      MESSAGES.download.descriptionRequired,
      MESSAGES.download.urlInvalid,
      MESSAGES.download.ratingRange,
      MESSAGES.download.downloadsNegative,
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    const url = screen.getByRole('textbox', { name: 'Download URL' });
    await user.clear(url);
    expect(await screen.findByText(MESSAGES.download.urlRequired)).toBeInTheDocument();
    // A page of this site (the web app) is an address; a host-relative `//…` one leaves the site.
    await user.type(url, '//evil.example/app');
    expect(await screen.findByText(MESSAGES.download.urlInvalid)).toBeInTheDocument();
    await user.clear(url);
    await user.type(url, '/login');
    await waitFor(() => expect(screen.queryByText(MESSAGES.download.urlInvalid)).not.toBeInTheDocument());
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it('keeps one changelog input and drops empty entries when saving', async () => {
    const dataProvider = testDataProvider();
    renderPanel('/downloads/create', dataProvider);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Application' }), 'TaniMitra Windows');
    await user.type(screen.getByRole('textbox', { name: 'Version' }), '2.0.0');
    await user.type(screen.getByRole('textbox', { name: 'Size' }), '80 MB');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Versi desktop');
    await user.type(screen.getByRole('textbox', { name: 'Download URL' }), 'https://example.com/tm.exe');

    expect(screen.getByRole('button', { name: 'Remove changelog entry 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add changelog entry' }));
    await user.click(screen.getByRole('button', { name: 'Add changelog entry' }));
    await user.type(screen.getByRole('textbox', { name: 'Changelog entry 2' }), ' Rilis pertama ');
    await user.click(screen.getByRole('button', { name: 'Remove changelog entry 3' }));
    expect(screen.getAllByRole('textbox', { name: /Changelog entry/ })).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
    expect(dataProvider.create).toHaveBeenCalledWith(
      'downloads',
      expect.objectContaining({
        data: expect.objectContaining({
          name: 'TaniMitra Windows',
          platform: 'android',
          rating: 4.5,
          isActive: true,
          downloadUrl: 'https://example.com/tm.exe',
          changelog: ['Rilis pertama'],
        }),
      }),
    );
  });

  it('edits a download', async () => {
    const dataProvider = testDataProvider({ getOne: vi.fn(async () => ({ data: download })) });
    renderPanel('/downloads/1', dataProvider);
    const version = await screen.findByRole('textbox', { name: 'Version' });
    await waitFor(() => expect(version).toHaveValue('1.2.0'));
    await userEvent.clear(version);
    await userEvent.type(version, '1.3.0');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(dataProvider.update).toHaveBeenCalledWith(
        'downloads',
        expect.objectContaining({ id: '1', data: expect.objectContaining({ version: '1.3.0' }) }),
      ),
    );
  });
});
