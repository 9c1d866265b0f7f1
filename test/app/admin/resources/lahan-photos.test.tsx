import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPanel } from '../support';
import { listOf, testDataProvider } from './support';

/*
 * The admin's lahan detail shows the photos a petani uploaded (POST /lahan/{id}/photos): their addresses are
 * API paths that need the admin's token, so the panel reads their bytes and shows those, each with its alt text,
 * beside photos that are public http(s) addresses.
 */

const LAHAN = {
  id: 4,
  petani_id: 7,
  petani_nama: 'Budi Santoso',
  nama_lahan: 'Sawah Berfoto',
  luas_lahan: 2500,
  status: 'active',
  created_at: '2025-01-20T08:00:00.000Z',
  url_image: ['https://example.com/sawah.jpg', '/api/v1/lahan/4/photos/91', '/api/v1/lahan/4/photos/92'],
};

async function openDetail(fetchDocument: (url: string) => Promise<Blob>) {
  const dataProvider = testDataProvider({ getList: listOf([LAHAN]), fetchDocument: vi.fn(fetchDocument) });
  renderPanel('/lahan', dataProvider);
  await userEvent.click(await screen.findByText('Sawah Berfoto'));
  return { dataProvider, dialog: within(await screen.findByRole('dialog', { name: 'Detail Lahan' })) };
}

describe('Lahan detail photos', () => {
  it('reads uploaded photos with the session and shows their bytes, each with its alt text', async () => {
    const { dataProvider, dialog } = await openDetail(
      async (url) => new Blob([`png of ${url}`], { type: 'image/png' }),
    );
    expect(dialog.getByRole('img', { name: 'Foto lahan 1' })).toHaveAttribute(
      'src',
      'https://example.com/sawah.jpg',
    );
    for (const [n, id] of [
      [2, 91],
      [3, 92],
    ]) {
      const photo = await dialog.findByRole('img', { name: `Foto lahan ${n}` });
      const bytes = btoa(`png of /api/v1/lahan/4/photos/${id}`);
      expect(photo).toHaveAttribute('src', `data:image/png;base64,${bytes}`);
    }
    expect(dataProvider.fetchDocument).toHaveBeenCalledWith('/api/v1/lahan/4/photos/91');
    expect(dataProvider.fetchDocument).toHaveBeenCalledWith('/api/v1/lahan/4/photos/92');
  });

  it('says so where a photo cannot be read, and still shows the others', async () => {
    const { dialog } = await openDetail(async (url) => {
      if (url.endsWith('/91')) throw new Error('404');
      return new Blob(['png'], { type: 'image/png' });
    });
    expect(await dialog.findByText('Dokumen tidak dapat dimuat')).toBeInTheDocument();
    expect(await dialog.findByRole('img', { name: 'Foto lahan 3' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
  });
});
