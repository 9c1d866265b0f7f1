import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/shared/messages';
import { ADMIN } from '../support/contract-data';
import { startLiveServer, tokenOf } from '../support/live-server';
import { renderAccountAt } from '../support/account-routes';

/*
 * "Lahan Saya" on /akun against the real API: a new petani adds a lahan (location chosen province → kabupaten →
 * kecamatan → location, category, a photo from the camera), errors under their fields from the browser and from the
 * server, then edits it: its place chosen, the uploaded photo shown and removed.
 */

const server = startLiveServer();
const user = userEvent.setup();
/** Several screens and round trips each; a loaded machine needs more than the default 20 s. */
const SLOW = 90_000;
const M = MESSAGES.lahan;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
let place: { province_name: string; district_name: string; sub_district_name: string; location_name: string };
let token: string;

beforeAll(async () => {
  const admin = await tokenOf(server, ADMIN.email, ADMIN.password, true);
  place = (await server.api('GET', '/admin/location?limit=1', undefined, admin)).json.data[0];
  const res = await server.api('POST', '/auth/signup', {
    role: 'petani',
    full_name: 'Petani Lahan Baru',
    email: `lahan-${Date.now()}@example.test`,
    password: 'Tanam2025x',
  });
  expect(res.status).toBe(201);
  token = res.json.data.token;
}, 60_000);

function renderAccount() {
  localStorage.setItem('token', token);
  return renderAccountAt('/akun');
}

const section = async () =>
  within(await screen.findByRole('region', { name: 'Lahan Saya' }, { timeout: 15_000 }));

describe('/akun Lahan Saya', () => {
  it(
    'adds a lahan with its location, category and a photo, errors under their fields first',
    { timeout: SLOW },
    async () => {
      renderAccount();
      const lahan = await section();
      expect(lahan.getByText('Belum ada lahan terdaftar.')).toBeInTheDocument();
      await user.click(lahan.getByRole('button', { name: 'Tambah lahan' }));
      const form = within(await lahan.findByRole('form', { name: 'Tambah lahan' }));
      expect(form.getByRole('region', { name: 'Batas lahan di peta' })).toBeInTheDocument();
      await user.click(form.getByRole('button', { name: 'Tambah lahan' }));
      expect(form.getByLabelText('Nama lahan')).toHaveFocus();
      expect(form.getByLabelText('Nama lahan')).toHaveAccessibleDescription(M.namaRequired);
      expect(form.getByLabelText('Luas (m²)')).toHaveAccessibleDescription(
        `1 hektare = 10.000 m² ${M.luasInvalid}`,
      );
      expect(form.getByLabelText('Provinsi')).toHaveAccessibleDescription(M.locationRequired);
      expect(form.getByLabelText('Kategori lahan')).toHaveAccessibleDescription(M.categoryRequired);
      expect(form.getByRole('alert')).toHaveTextContent('Periksa kembali kolom yang ditandai.');

      await user.type(form.getByLabelText('Nama lahan'), 'Sawah Web Baru');
      await user.type(form.getByLabelText('Luas (m²)'), '2500');
      await user.type(form.getByLabelText('Alamat lahan'), 'Dusun Cibeber RT 02');
      await user.selectOptions(form.getByLabelText('Provinsi'), place.province_name);
      await form.findByRole('option', { name: place.district_name });
      await user.selectOptions(form.getByLabelText('Kabupaten/Kota'), place.district_name);
      await form.findByRole('option', { name: place.sub_district_name });
      await user.selectOptions(form.getByLabelText('Kecamatan'), place.sub_district_name);
      await form.findByRole('option', { name: place.location_name });
      await user.selectOptions(form.getByLabelText('Desa/Lokasi'), place.location_name);
      const category = form.getByLabelText('Kategori lahan');
      await user.selectOptions(category, within(category).getAllByRole('option')[1]!);
      const camera = form.getByLabelText('Foto lahan (opsional)');
      expect(camera).toHaveAttribute('capture', 'environment');
      await user.upload(camera, new File(['GIF89a'], 'sawah.gif', { type: 'image/gif' }));
      expect(camera).toHaveAccessibleDescription(
        expect.stringContaining('sawah.gif: jenis berkas tidak didukung.'),
      );
      await user.upload(camera, new File([PNG], 'sawah-pagi.png', { type: 'image/png' }));
      expect(form.getByRole('img', { name: 'Foto 1 (sawah-pagi.png, belum diunggah)' })).toBeInTheDocument();
      const photos = form.getByLabelText('Alamat foto di internet (opsional)');
      await user.type(photos, 'bukan-alamat-foto');
      await user.click(form.getByRole('button', { name: 'Tambah lahan' }));
      expect(await form.findByText(M.imagesInvalid, { selector: 'small' })).toBeInTheDocument();
      expect(photos).toHaveFocus();

      await user.clear(photos);
      await user.type(photos, 'https://example.test/sawah.jpg');
      await user.click(form.getByRole('button', { name: 'Tambah lahan' }));
      expect(
        await lahan.findByText('Lahan Sawah Web Baru ditambahkan dan menunggu verifikasi admin.'),
      ).toBeInTheDocument();
      const card = within(lahan.getByRole('heading', { name: 'Sawah Web Baru' }).closest('li')!);
      expect(card.getByText('Pending')).toBeInTheDocument();
      expect(card.getByText('Luas: 2.500 m²')).toBeInTheDocument();
      expect(card.getByText(new RegExp(`Lokasi: ${place.location_name}`))).toBeInTheDocument();
      const [saved] = (await server.api('GET', '/lahan/my', undefined, token)).json.data;
      expect(saved).toMatchObject({
        nama_lahan: 'Sawah Web Baru',
        luas_lahan: 2500,
        address_lahan: 'Dusun Cibeber RT 02',
        location_name: place.location_name,
        status: 'pending',
        url_image: [
          'https://example.test/sawah.jpg',
          expect.stringMatching(/^\/api\/v1\/lahan\/\d+\/photos\/\d+$/),
        ],
      });
      const photo = await fetch(`${server.baseUrl}${saved.url_image[1]}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(new Uint8Array(await photo.arrayBuffer())).toEqual(PNG);
    },
  );

  it(
    'edits a lahan: the form starts from its values, its place chosen, a photo removed and the new area saved',
    { timeout: SLOW },
    async () => {
      renderAccount();
      const lahan = await section();
      await user.click(await lahan.findByRole('button', { name: 'Ubah lahan Sawah Web Baru' }));
      const form = within(await lahan.findByRole('form', { name: 'Ubah lahan Sawah Web Baru' }));
      const chosen = (label: string) =>
        (form.getByLabelText(label) as HTMLSelectElement).selectedOptions[0]?.text;
      await waitFor(() => expect(chosen('Desa/Lokasi')).toBe(place.location_name));
      expect(chosen('Provinsi')).toBe(place.province_name);
      expect(chosen('Kabupaten/Kota')).toBe(place.district_name);
      expect(chosen('Kecamatan')).toBe(place.sub_district_name);
      // The uploaded photo is a thumbnail read from the server, with its remove button.
      await waitFor(() =>
        expect(form.getByRole('img', { name: 'Foto 1' })).toHaveAttribute(
          'src',
          expect.stringMatching(/^data:image\/png;base64,/),
        ),
      );
      await user.click(form.getByRole('button', { name: 'Hapus foto 1' }));
      expect(form.queryByRole('img', { name: 'Foto 1' })).toBeNull();
      const luas = form.getByLabelText('Luas (m²)');
      expect(luas).toHaveValue('2500');
      await user.clear(luas);
      await user.type(luas, '3000');
      await user.click(form.getByRole('button', { name: 'Simpan lahan' }));
      expect(await lahan.findByText('Lahan Sawah Web Baru disimpan.')).toBeInTheDocument();
      expect(lahan.getByText('Luas: 3.000 m²')).toBeInTheDocument();
      const [saved] = (await server.api('GET', '/lahan/my', undefined, token)).json.data;
      expect(saved).toMatchObject({
        luas_lahan: 3000,
        location_name: place.location_name,
        url_image: ['https://example.test/sawah.jpg'],
      });
    },
  );
});
