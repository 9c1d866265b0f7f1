import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatRupiah } from '../../../../src/shared/format-id';
import { createDataProvider } from '../../../../src/app/admin/providers/dataProvider';
import { resourcePaths } from '../../../../src/app/admin/resources';
import { STORAGE_KEYS } from '../../../../src/shared/constants';
import { ADMIN, inDays, MITRA, PETANI, verifiedLahan } from '../../support/contract-data';
import { startLiveServer, tokenOf } from '../../support/live-server';
import { renderPanel } from '../support';

// The contract detail, cancelling and the dashboard's value against the real API (test/app/support/live-server.ts:
// demo-seeded PGlite): a mitra offers, the petani counters, the mitra revises, both sign, it starts, a
// delivery is recorded and confirmed — all through the API — and the panel must show what the API holds.

const server = startLiveServer();
const dataProvider = createDataProvider(resourcePaths);
type Role = 'admin' | 'petani' | 'mitra';
const tokens = {} as Record<Role, string>;

const TITLE = 'Kontrak Uji Panel Jagung';
const PENDING_TITLE = 'Kontrak Uji Panel Kedelai';

async function send(role: Role, method: string, path: string, body?: object) {
  const res = await server.api(method, path, body, tokens[role]);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.json)}`).toBeLessThan(300);
  return res.json.data;
}
const read = (path: string) => send('admin', 'GET', path);
const firstId = async (path: string) => (await read(`${path}?limit=1`))[0].id as number;
const PASSWORDS = { petani: PETANI.password, mitra: MITRA.password };

let contractId: number;
let pendingId: number;

beforeAll(async () => {
  Object.assign(tokens, {
    admin: await tokenOf(server, ADMIN.email, ADMIN.password, true),
    petani: await tokenOf(server, PETANI.email, PETANI.password),
    mitra: await tokenOf(server, MITRA.email, MITRA.password),
  });
  const lahan = await verifiedLahan(server, 'Sawah Uji Panel', 5000);
  const offer = (title: string, lahanId: number) =>
    send('mitra', 'POST', '/contract', {
      title,
      contract_category_id: contractCategory,
      petani_id: lahan.petani_id,
      lahan_id: lahanId,
      commodity: 'Jagung',
      quantity: 2000,
      unit: 'kg',
      prices: [
        { grade: 'A', price: 4500 },
        { grade: 'B', price: 4000 },
      ],
      start_date: inDays(-30),
      end_date: inDays(90),
      delivery_terms: 'Diantar ke gudang mitra, dikemas karung 50 kg',
    });
  const contractCategory = await firstId('/admin/contract-category');
  contractId = (await offer(TITLE, lahan.id)).id;
  const step = (role: Role, action: string, body?: object) =>
    send(role, 'POST', `/contract/${contractId}/${action}`, body);
  await step('petani', 'counter', {
    prices: [
      { grade: 'A', price: 5000 },
      { grade: 'B', price: 4000 },
    ],
    note: 'Harga pupuk naik',
  });
  await step('mitra', 'revise', { quantity: 2500, note: 'Jumlah ditambah' });
  await step('petani', 'sign', { password: PASSWORDS.petani, consent: true, terms_version: 3 });
  await step('mitra', 'sign', { password: PASSWORDS.mitra, consent: true, terms_version: 3 });
  await step('mitra', 'start');
  const delivery = await step('mitra', 'deliveries', {
    date: inDays(-2),
    gross_quantity: 1200,
    accepted_quantity: 1200,
    rejected_quantity: 0,
    grade: 'A',
  });
  await step('petani', `deliveries/${delivery.id}/confirm`);
  pendingId = (await offer(PENDING_TITLE, (await verifiedLahan(server, 'Sawah Uji Kedua', 3000)).id)).id;
}, 240_000);

// The panel sends the admin token while the page is under /admin (src/app/api/session.ts).
beforeEach(() => {
  window.history.replaceState(null, '', '/admin/contract');
  localStorage.setItem(STORAGE_KEYS.adminToken, tokens.admin);
});
afterAll(() => window.history.replaceState(null, '', '/'));

/** The rows of a titled section of the detail, each as its cells' texts. */
function rowsOf(dialog: HTMLElement, section: string) {
  const region = within(dialog).getByRole('region', { name: section });
  return within(region)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

async function openDetail(title: string) {
  renderPanel('/contract', dataProvider);
  await userEvent.click(await screen.findByText(title));
  return screen.findByRole('dialog', { name: title });
}

describe('Contract detail', () => {
  it(
    'shows the current terms, the timeline, the versions, the signatures and the deliveries',
    { timeout: 90_000 },
    async () => {
      const record = await read(`/contract/${contractId}`);
      expect(record).toMatchObject({ status: 'active', terms_version: 3, total_value: 12_500_000 });
      const dialog = await openDetail(TITLE);
      expect(await within(dialog).findByText(record.verification_code)).toBeInTheDocument();
      // The total value row first, then the current version in the versions table.
      expect(within(dialog).getAllByText('Rp 12.500.000')[0]!.tagName).toBe('DIV');
      const prices = within(within(dialog).getByRole('table', { name: 'Harga per mutu' }));
      expect(prices.getAllByRole('row').map((row) => row.textContent)).toEqual([
        'MutuHarga per kg',
        'ARp 5.000',
        'BRp 4.000',
      ]);
      expect(within(dialog).getByText('7 hari setelah penerimaan dikonfirmasi')).toBeInTheDocument();
      expect(within(dialog).getAllByText('Diantar ke gudang mitra, dikemas karung 50 kg')[0]!.tagName).toBe(
        'DIV',
      );

      await within(dialog).findByRole('region', { name: 'Riwayat' });
      await waitFor(() => expect(rowsOf(dialog, 'Riwayat').length).toBeGreaterThan(0));
      const events = await read(`/contract/${contractId}/events`);
      expect(rowsOf(dialog, 'Riwayat').map((cells) => cells[1])).toEqual([
        'Penawaran',
        'Tawaran balik',
        'Revisi',
        'Tanda tangan',
        'Tanda tangan',
        'Dimulai',
        'Pengiriman',
        'Konfirmasi penerimaan',
      ]);
      expect(events).toHaveLength(8);
      expect(rowsOf(dialog, 'Riwayat')[1]).toContain('Harga pupuk naik');

      await waitFor(() => expect(rowsOf(dialog, 'Versi Syarat')).toHaveLength(3));
      const terms = await read(`/contract/${contractId}/terms`);
      const versions = rowsOf(dialog, 'Versi Syarat');
      expect(versions.map((cells) => cells[0])).toEqual(['1', '2', '3']);
      expect(versions[2]).toContain('Rp 12.500.000');
      expect(versions[0]).toContain('A Rp 4.500 · B Rp 4.000');
      expect(versions[2]).toContain('A Rp 5.000 · B Rp 4.000');
      expect(versions[2]).toContain(terms[2].document_sha256);

      await waitFor(() => expect(rowsOf(dialog, 'Tanda Tangan')).toHaveLength(2));
      const signatures = await read(`/contract/${contractId}/signatures`);
      const signed = rowsOf(dialog, 'Tanda Tangan');
      for (const [i, signature] of signatures.entries()) {
        expect(signed[i]).toContain(signature.signer_name);
        expect(signed[i]).toContain(signature.document_sha256);
        expect(signed[i]).toContain(signature.ip);
        expect(signed[i]).toContain(signature.user_agent);
        expect(signed[i]).toContain('Berlaku');
      }
      expect(signed.map((cells) => cells[1]).sort()).toEqual(
        [record.fullname_petani, record.fullname_mitra].sort(),
      );

      await waitFor(() => expect(rowsOf(dialog, 'Pengiriman')).toHaveLength(1));
      const [delivered] = rowsOf(dialog, 'Pengiriman');
      expect(delivered).toContain('A');
      expect(delivered).toContain('Rp 6.000.000');
      expect(delivered).not.toContain('Belum dikonfirmasi');
    },
  );

  it("downloads the PDF with the admin's token, named by the verification code", async () => {
    const record = await read(`/contract/${contractId}`);
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => (saved.push(blob), 'blob:kontrak'));
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      const dialog = await openDetail(TITLE);
      await userEvent.click(within(dialog).getByRole('button', { name: 'PDF' }));
      await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:kontrak'));
      expect(click).toHaveBeenCalledTimes(1);
      const link = click.mock.contexts[0] as HTMLAnchorElement;
      expect(link.download).toBe(`kontrak-${record.verification_code}.pdf`);
      expect(link.href).toBe('blob:kontrak');
      expect((await saved[0]!.text()).startsWith('%PDF-')).toBe(true);
    } finally {
      click.mockRestore();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });
});

describe('The dashboard', () => {
  it('shows the value under contract: price × quantity of the approved and active contracts', async () => {
    let expected = 0;
    for (const status of ['approved', 'active'])
      for (let page = 1; ; page++) {
        const rows = await read(`/contract?status=${status}&limit=100&page=${page}`);
        expected += rows.reduce((sum: number, row: { total_value: number }) => sum + row.total_value, 0);
        if (rows.length < 100) break;
      }
    expect(expected).toBeGreaterThanOrEqual(12_500_000);
    renderPanel('/dashboard', dataProvider);
    const figure = await screen.findByRole('region', { name: 'Value under contract' });
    expect(within(figure).getByText(formatRupiah(expected))).toBeInTheDocument();
    const chart = screen.getByRole('region', { name: 'Contracts by status' });
    expect(chart).toBeInTheDocument();
  });
});

describe('Resolving a disputed delivery', () => {
  it(
    'shows the dispute, takes a note and the corrections, and confirms the delivery at its new value',
    { timeout: 90_000 },
    async () => {
      const disputed = await send('mitra', 'POST', `/contract/${contractId}/deliveries`, {
        date: inDays(-1),
        gross_quantity: 300,
        accepted_quantity: 300,
        rejected_quantity: 0,
        grade: 'A',
      });
      await send('petani', 'POST', `/contract/${contractId}/deliveries/${disputed.id}/dispute`, {
        reason: 'Sebagian berjamur',
      });
      const dialog = await openDetail(TITLE);
      await waitFor(() => expect(rowsOf(dialog, 'Pengiriman')).toHaveLength(2));
      const row = () => rowsOf(dialog, 'Pengiriman').find((cells) => cells.includes(disputed.lot_code))!;
      expect(row()).toContain('Disanggah');
      expect(row()).toContain('Sebagian berjamur');
      expect(row()).toContain('Rp 1.500.000');
      // Only the disputed one may be resolved.
      expect(within(dialog).getAllByRole('button', { name: /^Selesaikan sanggahan lot / })).toHaveLength(1);

      await userEvent.click(
        within(dialog).getByRole('button', { name: `Selesaikan sanggahan lot ${disputed.lot_code}` }),
      );
      const form = await screen.findByRole('dialog', {
        name: `Selesaikan sanggahan lot ${disputed.lot_code}`,
      });
      const save = within(form).getByRole('button', { name: 'Simpan' });
      expect(save).toBeDisabled();
      await userEvent.type(within(form).getByRole('spinbutton', { name: /Jumlah diterima/ }), '250');
      await userEvent.type(within(form).getByRole('spinbutton', { name: /Jumlah ditolak/ }), '50');
      await userEvent.type(within(form).getByRole('textbox', { name: /^Alasan penolakan/ }), 'Berjamur');
      await userEvent.type(
        within(form).getByRole('textbox', { name: /Catatan penyelesaian/ }),
        'Dipilah bersama di gudang',
      );
      await userEvent.click(save);

      expect(await screen.findByText('Sanggahan diselesaikan; pengiriman dikonfirmasi.')).toBeInTheDocument();
      await waitFor(() => expect(row()).toContain('Dikonfirmasi'));
      expect(row()).toContain('Rp 1.250.000'); // 250 × Rp 5.000
      expect(row()).toContain('Dipilah bersama di gudang');
      expect(within(dialog).queryByRole('button', { name: /^Selesaikan sanggahan lot / })).toBeNull();
      const [, stored] = await read(`/contract/${contractId}/deliveries`);
      expect(stored).toMatchObject({
        status: 'confirmed',
        accepted_quantity: 250,
        rejected_quantity: 50,
        rejection_reason: 'Berjamur',
        value: 1_250_000,
        resolution_note: 'Dipilah bersama di gudang',
      });
    },
  );
});

describe('Cancelling a contract', () => {
  it(
    'needs a reason, then cancels: the status, the reason and the timeline follow',
    { timeout: 90_000 },
    async () => {
      const dialog = await openDetail(TITLE);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Batalkan Kontrak' }));
      const form = await screen.findByRole('dialog', { name: 'Batalkan Kontrak' });
      const save = within(form).getByRole('button', { name: 'Simpan' });
      expect(save).toBeDisabled();
      const reason = within(form).getByRole('textbox', { name: /Alasan Pembatalan/ });
      await userEvent.type(reason, '   ');
      expect(save).toBeDisabled();
      await userEvent.type(reason, 'Banjir');
      await userEvent.click(save);

      expect(await screen.findByText('Kontrak dibatalkan')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Batalkan Kontrak' })).toBeNull());
      // The reason row of the terms, and the cancel's note in the timeline.
      expect((await within(dialog).findAllByText('Banjir'))[0]!.tagName).toBe('DIV');
      await waitFor(() => expect(rowsOf(dialog, 'Riwayat').at(-1)?.[1]).toBe('Dibatalkan'));
      expect(within(dialog).queryByRole('button', { name: 'Batalkan Kontrak' })).toBeNull();
      expect(await read(`/contract/${contractId}`)).toMatchObject({
        status: 'cancelled',
        cancel_reason: 'Banjir',
      });
    },
  );

  it("says why the server refused, in the dialog, and changes nothing it didn't", async () => {
    const dialog = await openDetail(PENDING_TITLE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Batalkan Kontrak' }));
    const form = await screen.findByRole('dialog', { name: 'Batalkan Kontrak' });
    // Meanwhile the mitra withdraws the offer: the admin's cancel now meets a cancelled contract.
    await send('mitra', 'POST', `/contract/${pendingId}/cancel`, { reason: 'Ditarik mitra' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Alasan Pembatalan/ }), 'Dobel');
    await userEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    const refused = await server.api(
      'POST',
      `/contract/${pendingId}/cancel`,
      { reason: 'Dobel' },
      tokens.admin,
    );
    expect(refused.status).toBe(409);
    expect(
      await within(form).findByText(`Gagal membatalkan kontrak: ${refused.json.message}`),
    ).toBeInTheDocument();
    expect(await read(`/contract/${pendingId}`)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Ditarik mitra',
    });
  });
});
