import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/shared/messages';
import { ADMIN } from '../support/contract-data';
import { startLiveServer, tokenOf } from '../support/live-server';
import { renderAccountAt } from '../support/account-routes';

/*
 * "Lahan Saya" on /akun against the real API: a new petani adds a lahan (location chosen province → kabupaten →
 * kecamatan → location, category), errors under their fields from the browser and from the server, then edits it.
 */

const server = startLiveServer();
const user = userEvent.setup();
const M = MESSAGES.lahan;
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
  it('adds a lahan with its location and category, errors under their fields first', async () => {
    renderAccount();
    const lahan = await section();
    expect(lahan.getByText('Belum ada lahan terdaftar.')).toBeInTheDocument();
    await user.click(lahan.getByRole('button', { name: 'Tambah lahan' }));
    const form = within(lahan.getByRole('form', { name: 'Tambah lahan' }));
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
    const photos = form.getByLabelText('Foto lahan (opsional)');
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
      url_image: ['https://example.test/sawah.jpg'],
    });
  });

  it('edits a lahan: the form starts from its values and the new area is saved', async () => {
    renderAccount();
    const lahan = await section();
    await user.click(await lahan.findByRole('button', { name: 'Ubah lahan Sawah Web Baru' }));
    const form = within(lahan.getByRole('form', { name: 'Ubah lahan Sawah Web Baru' }));
    expect(form.getByLabelText('Desa/Lokasi')).toHaveAccessibleDescription(
      expect.stringContaining(`Saat ini: ${place.location_name}`),
    );
    const luas = form.getByLabelText('Luas (m²)');
    expect(luas).toHaveValue('2500');
    await user.clear(luas);
    await user.type(luas, '3000');
    await user.click(form.getByRole('button', { name: 'Simpan lahan' }));
    expect(await lahan.findByText('Lahan Sawah Web Baru disimpan.')).toBeInTheDocument();
    expect(lahan.getByText('Luas: 3.000 m²')).toBeInTheDocument();
    const [saved] = (await server.api('GET', '/lahan/my', undefined, token)).json.data;
    expect(saved).toMatchObject({ luas_lahan: 3000, location_name: place.location_name });
  });
});
