import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/shared/messages';
import { startLiveServer } from '../support/live-server';
import { renderAccountAt } from '../support/account-routes';

/*
 * /akun's verification documents against the real API: a new petani is told to upload the KTP, a wrong file is
 * refused under its field (by the browser or by the server), the KTP is saved and the admin's waiting list
 * shrinks; a mitra uploads the LOA as a PDF.
 */

const server = startLiveServer();
const user = userEvent.setup({ applyAccept: false });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

async function signedUp(role: 'petani' | 'mitra') {
  const email = `dok-${role}-${Date.now()}@example.test`;
  const res = await server.api('POST', '/auth/signup', {
    role,
    full_name: `Dokumen ${role}`,
    email,
    password: 'Tanam2025x',
  });
  expect(res.status).toBe(201);
  localStorage.clear();
  localStorage.setItem('token', res.json.data.token);
  localStorage.setItem('refreshToken', res.json.data.refreshToken);
  return res.json.data.token as string;
}

const renderAccount = () => renderAccountAt('/akun');

const section = async () =>
  within(await screen.findByRole('region', { name: 'Dokumen Verifikasi' }, { timeout: 15_000 }));
const card = (s: Awaited<ReturnType<typeof section>>, name: string) =>
  within(s.getByRole('heading', { name }).closest('li')!);

describe('/akun documents', () => {
  it('asks a new petani for the KTP, refuses wrong files under the field and saves the KTP', async () => {
    const token = await signedUp('petani');
    renderAccount();
    const docs = await section();
    expect(docs.getByText('Unggah KTP untuk verifikasi.')).toBeInTheDocument();
    expect(docs.getByText('Admin menunggu: KTP, Foto selfie dengan KTP.')).toBeInTheDocument();
    expect(docs.queryByRole('heading', { name: 'LOA' })).toBeNull();
    expect(card(docs, 'Dokumen Pendukung').getByText('Belum diunggah')).toBeInTheDocument();
    const ktp = card(docs, 'KTP');
    expect(ktp.getByText('Belum diunggah')).toBeInTheDocument();
    const file = ktp.getByLabelText('Berkas KTP');

    await user.click(ktp.getByRole('button', { name: 'Unggah KTP' }));
    expect(file).toHaveAccessibleDescription(expect.stringContaining('Pilih berkas terlebih dahulu.'));
    expect(file).toHaveFocus();

    await user.upload(file, new File(['catatan'], 'ktp.txt', { type: 'text/plain' }));
    await user.click(ktp.getByRole('button', { name: 'Unggah KTP' }));
    expect(file).toHaveAccessibleDescription(expect.stringContaining('Jenis berkas tidak didukung.'));

    await user.upload(file, new File(['bukan gambar'], 'ktp.png', { type: 'image/png' }));
    await user.click(ktp.getByRole('button', { name: 'Unggah KTP' }));
    expect(await ktp.findByText(MESSAGES.document.contentMismatch('image/png'))).toBeInTheDocument();
    expect((await server.api('GET', '/user/me', undefined, token)).json.data.ktp).toBeNull();

    await user.upload(file, new File([PNG], 'ktp.png', { type: 'image/png' }));
    await user.click(ktp.getByRole('button', { name: 'Unggah KTP' }));
    expect(await ktp.findByText('KTP tersimpan. Admin akan memeriksanya.')).toBeInTheDocument();
    expect(ktp.getByText('Sudah diunggah')).toBeInTheDocument();
    expect(ktp.getByLabelText('Ganti berkas KTP')).toBeInTheDocument();
    expect(docs.getByText('Admin menunggu: Foto selfie dengan KTP.')).toBeInTheDocument();
    expect(docs.queryByText('Unggah KTP untuk verifikasi.')).toBeNull();
    expect((await server.api('GET', '/user/me', undefined, token)).json.data.ktp).toMatch(
      /^\/api\/v1\/documents\/\d+$/,
    );
  });

  it('a mitra uploads the LOA as a PDF', async () => {
    const token = await signedUp('mitra');
    renderAccount();
    const docs = await section();
    expect(docs.getByText('Admin menunggu: KTP, Foto selfie dengan KTP, LOA.')).toBeInTheDocument();
    const loa = card(docs, 'LOA');
    await user.upload(
      loa.getByLabelText('Berkas LOA'),
      new File(['%PDF-1.4\n%%EOF\n'], 'loa.pdf', { type: 'application/pdf' }),
    );
    await user.click(loa.getByRole('button', { name: 'Unggah LOA' }));
    expect(await loa.findByText('LOA tersimpan. Admin akan memeriksanya.')).toBeInTheDocument();
    expect(docs.getByText('Admin menunggu: KTP, Foto selfie dengan KTP.')).toBeInTheDocument();
    const me = (await server.api('GET', '/user/me', undefined, token)).json.data;
    expect(me.loa_file).toMatch(/^\/api\/v1\/documents\/\d+$/);
  });

  it('offers the optional Dokumen Pendukung beside the others and saves it', async () => {
    const token = await signedUp('mitra');
    renderAccount();
    const docs = await section();
    const support = card(docs, 'Dokumen Pendukung');
    expect(support.getByLabelText('Berkas Dokumen Pendukung')).toHaveAccessibleDescription(
      expect.stringContaining('Opsional'),
    );
    await user.upload(
      support.getByLabelText('Berkas Dokumen Pendukung'),
      new File([PNG], 'surat-desa.png', { type: 'image/png' }),
    );
    await user.click(support.getByRole('button', { name: 'Unggah Dokumen Pendukung' }));
    expect(
      await support.findByText('Dokumen Pendukung tersimpan. Admin akan memeriksanya.'),
    ).toBeInTheDocument();
    expect(support.getByText('Sudah diunggah')).toBeInTheDocument();
    // Optional: the admin's waiting list never names it.
    expect(docs.getByText('Admin menunggu: KTP, Foto selfie dengan KTP, LOA.')).toBeInTheDocument();
    const me = (await server.api('GET', '/user/me', undefined, token)).json.data;
    expect(me.supporting_documents).toMatch(/^\/api\/v1\/documents\/\d+$/);
  });
});
