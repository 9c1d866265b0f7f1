import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  MoneyApiContext,
  rupiahOf,
  type Advance,
  type ContractMoney,
  type MoneyApi,
  type NewAdvance,
  type NewPayment,
  type Payment,
} from '../../../src/app/account/contracts/money-api';
import { PaymentSection } from '../../../src/app/account/contracts/PaymentSection';
import type { Contract, PartyRole } from '../../../src/app/account/contracts/types';
import { renderStyled } from '../styles';

/*
 * The money section of a contract's screen on /akun, against a stand-in of the API that keeps the money as the
 * server would (outstanding = net − paid, a payment above outstanding − pending refused on its amount).
 */

const user = userEvent.setup();

const CONTRACT = {
  id: 41,
  title: 'Kontrak Padi Uang',
  status: 'active',
  verification_code: 'ABCD-EFGH-1234-5678',
  unit: 'kg',
} as Contract;

const AT = '2026-03-02T03:00:00.000Z';

/** A stand-in API over one contract's money: what it was asked, and the statement it keeps. */
function standIn() {
  const gross = 12_500_000;
  const advances: Advance[] = [
    {
      id: 1,
      kind: 'pupuk',
      amount: 1_500_000,
      date: '2026-02-01',
      note: 'Urea 3 karung',
      created_at: AT,
      confirmed_at: null,
    },
  ];
  const payments: Payment[] = [
    {
      id: 7,
      amount: 5_000_000,
      method: 'transfer',
      reference: 'TRF-001',
      date: '2026-03-01',
      photo_document_id: 90,
      created_at: AT,
      confirmed_at: AT,
    },
  ];
  const asked = { advances: [] as NewAdvance[], payments: [] as NewPayment[], statements: [] as string[] };
  const sum = (rows: { amount: number; confirmed_at: string | null }[], confirmed: boolean) =>
    rows.filter((r) => (r.confirmed_at !== null) === confirmed).reduce((a, r) => a + r.amount, 0);
  const money = (): ContractMoney => {
    const advanced = sum(advances, true);
    const paid = sum(payments, true);
    const net = Math.max(gross - advanced, 0);
    const outstanding = Math.max(net - paid, 0);
    return {
      settlement: {
        gross,
        advances: advanced,
        net,
        paid,
        pending: sum(payments, false),
        outstanding,
        payment_status: outstanding === 0 ? 'paid' : paid > 0 ? 'partial' : 'unpaid',
        due_date: outstanding > 0 ? '2026-03-09' : null,
        payment_days: 7,
        advance_balance: Math.max(advanced - gross, 0),
      },
      advances: advances.map((a) => ({ ...a })),
      payments: payments.map((p) => ({ ...p })),
    };
  };
  const refused = (field: string, message: string) =>
    Object.assign(new Error('Data tidak valid'), {
      response: {
        status: 400,
        data: { success: false, message: 'Data tidak valid', errors: [{ field, message }] },
      },
    });
  const api: MoneyApi = {
    fetchMoney: async () => money(),
    async recordAdvance(_id, advance) {
      asked.advances.push(advance);
      if (typeof advance.amount !== 'number')
        throw refused('amount', 'Jumlah harus berupa rupiah bulat lebih dari 0');
      const row = {
        id: advances.length + 1,
        kind: advance.kind as Advance['kind'],
        amount: advance.amount,
        date: advance.date,
        note: advance.note ?? null,
        created_at: AT,
        confirmed_at: null,
      };
      advances.push(row);
      return row;
    },
    async confirmAdvance(_id, advanceId) {
      const row = advances.find((a) => a.id === advanceId)!;
      row.confirmed_at = AT;
      return row;
    },
    async recordPayment(_id, payment) {
      asked.payments.push(payment);
      const { outstanding, pending } = money().settlement;
      if (typeof payment.amount !== 'number' || payment.amount > outstanding - pending)
        throw refused(
          'amount',
          `Jumlah pembayaran melebihi sisa tagihan Rp ${(outstanding - pending).toLocaleString('id-ID')}`,
        );
      const row: Payment = {
        id: payments.length + 10,
        amount: payment.amount,
        method: payment.method as Payment['method'],
        reference: payment.reference,
        date: payment.date,
        photo_document_id: payment.photo ? 91 : null,
        created_at: AT,
        confirmed_at: null,
      };
      payments.push(row);
      return row;
    },
    async confirmPayment(_id, paymentId) {
      const row = payments.find((p) => p.id === paymentId)!;
      row.confirmed_at = AT;
      return row;
    },
    fetchPaymentPhoto: async () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
    async downloadStatement(id, code) {
      asked.statements.push(`${id} ${code}`);
      return `rekening-${code}.pdf`;
    },
  };
  return { api, asked };
}

function renderSection(role: PartyRole, api: MoneyApi, contract: Contract = CONTRACT) {
  renderStyled(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MoneyApiContext.Provider value={api}>
        <PaymentSection contract={contract} role={role} />
      </MoneyApiContext.Provider>
    </QueryClientProvider>,
  );
  return within(screen.getByRole('region', { name: 'Pembayaran' }));
}

/** The statement's value for `label`. */
const statementValue = async (label: string) => {
  const term = (await screen.findAllByText(label, { selector: 'dt' }))[0]!;
  return term.nextElementSibling?.textContent;
};

describe('the money section of a contract on /akun', () => {
  it('shows the petani the statement in rupiah, the advances and payments, and confirms an advance where it is', async () => {
    const { api } = standIn();
    const section = renderSection('petani', api);
    expect(await statementValue('Nilai kotor')).toBe('Rp 12.500.000');
    expect(await statementValue('Potongan uang muka')).toBe('Rp 0');
    expect(await statementValue('Bersih')).toBe('Rp 12.500.000');
    expect(await statementValue('Dibayar')).toBe('Rp 5.000.000');
    expect(await statementValue('Menunggu konfirmasi')).toBe('Rp 0');
    expect(await statementValue('Sisa')).toBe('Rp 7.500.000');
    expect(await statementValue('Status pembayaran')).toBe('Dibayar sebagian');
    expect(await statementValue('Jatuh tempo')).toBe('9 Maret 2026');

    const advances = within(section.getByRole('region', { name: 'Uang muka dan sarana' }));
    expect(advances.getByText('Pupuk')).toBeInTheDocument();
    expect(advances.getByText('Rp 1.500.000')).toBeInTheDocument();
    const payments = within(section.getByRole('region', { name: 'Riwayat pembayaran' }));
    expect(payments.getByText('Transfer bank')).toBeInTheDocument();
    expect(payments.getByText('TRF-001')).toBeInTheDocument();
    // The petani confirms; the mitra's forms are not there.
    expect(section.queryByRole('button', { name: 'Catat uang muka' })).toBeNull();
    expect(section.queryByRole('button', { name: 'Catat pembayaran' })).toBeNull();

    await user.click(advances.getByRole('button', { name: 'Konfirmasi uang muka Pupuk Rp 1.500.000' }));
    const done = await section.findByText('Uang muka dikonfirmasi.');
    await waitFor(() => expect(done).toHaveFocus());
    // Read again: the advance is deducted, and confirmed.
    await waitFor(async () => expect(await statementValue('Potongan uang muka')).toBe('− Rp 1.500.000'));
    expect(await statementValue('Sisa')).toBe('Rp 6.000.000');
    const confirmed = within(section.getByRole('region', { name: 'Uang muka dan sarana' }));
    expect(await confirmed.findByText(/^Dikonfirmasi 2 Maret 2026/)).toBeInTheDocument();
    expect(confirmed.queryByRole('button', { name: /^Konfirmasi/ })).toBeNull();
  });

  it('shows a payment’s proof photo when asked', async () => {
    const { api } = standIn();
    const section = renderSection('petani', api);
    await user.click(await section.findByRole('button', { name: 'Lihat bukti' }));
    expect(await section.findByRole('img', { name: 'Bukti pembayaran Rp 5.000.000' })).toBeInTheDocument();
  });

  it('lets the mitra record an advance typed with dots, and shows the result above the list', async () => {
    const { api, asked } = standIn();
    const section = renderSection('mitra', api);
    expect(await section.findByText('Menunggu konfirmasi petani')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: /^Konfirmasi/ })).toBeNull();
    await user.click(section.getByRole('button', { name: 'Catat uang muka' }));
    const form = within(screen.getByRole('form', { name: 'Catat uang muka' }));
    await user.selectOptions(form.getByLabelText('Jenis'), 'benih');
    await user.type(form.getByLabelText('Jumlah (Rp)'), '2.250.000');
    await user.clear(form.getByLabelText('Tanggal'));
    await user.type(form.getByLabelText('Tanggal'), '2026-02-20');
    await user.type(form.getByLabelText('Catatan (opsional)'), 'Benih jagung hibrida');
    await user.click(form.getByRole('button', { name: 'Simpan uang muka' }));
    const done = await section.findByText('Uang muka tercatat. Menunggu konfirmasi petani.');
    await waitFor(() => expect(done).toHaveFocus());
    expect(asked.advances).toEqual([
      { kind: 'benih', amount: 2_250_000, date: '2026-02-20', note: 'Benih jagung hibrida' },
    ]);
    expect(screen.queryByRole('form', { name: 'Catat uang muka' })).toBeNull();
    expect(await section.findByText('Rp 2.250.000')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a payment under the amount, then records one with its photo', async () => {
    const { api, asked } = standIn();
    const section = renderSection('mitra', api);
    await user.click(await section.findByRole('button', { name: 'Catat pembayaran' }));
    const form = within(screen.getByRole('form', { name: 'Catat pembayaran' }));
    const amount = form.getByLabelText('Jumlah (Rp)');
    await user.type(amount, 'Rp 9.000.000');
    await user.selectOptions(form.getByLabelText('Metode'), 'e_wallet');
    await user.type(form.getByLabelText('Referensi (no. transfer atau kuitansi)'), 'OVO-778');
    await user.click(form.getByRole('button', { name: 'Simpan pembayaran' }));
    expect(await form.findByText('Jumlah pembayaran melebihi sisa tagihan Rp 7.500.000')).toBeInTheDocument();
    await waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(asked.payments.map((p) => p.amount)).toEqual([9_000_000]);

    await user.clear(amount);
    await user.type(amount, '7.500.000');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'bukti.jpg', { type: 'image/jpeg' });
    await user.upload(form.getByLabelText('Foto bukti (opsional)'), photo);
    await user.click(form.getByRole('button', { name: 'Simpan pembayaran' }));
    const done = await section.findByText('Pembayaran tercatat. Menunggu konfirmasi petani.');
    await waitFor(() => expect(done).toHaveFocus());
    expect(asked.payments[1]).toMatchObject({
      amount: 7_500_000,
      method: 'e_wallet',
      reference: 'OVO-778',
      photo,
    });
    // Awaiting the petani: pending, not yet paid.
    await waitFor(async () => expect(await statementValue('Menunggu konfirmasi')).toBe('Rp 7.500.000'));
    expect(await statementValue('Sisa')).toBe('Rp 7.500.000');
  });

  it('downloads the statement PDF and says so beside the button', async () => {
    const { api, asked } = standIn();
    const section = renderSection('petani', api);
    await user.click(await section.findByRole('button', { name: 'Unduh rekening (PDF)' }));
    expect(
      await section.findByText('Rekening diunduh: rekening-ABCD-EFGH-1234-5678.pdf'),
    ).toBeInTheDocument();
    expect(asked.statements).toEqual(['41 ABCD-EFGH-1234-5678']);
  });

  it('offers no advance form once the contract is completed, but still payments', async () => {
    const { api } = standIn();
    const section = renderSection('mitra', api, { ...CONTRACT, status: 'completed' });
    expect(await section.findByRole('button', { name: 'Catat pembayaran' })).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Catat uang muka' })).toBeNull();
  });
});

describe('rupiahOf', () => {
  it('reads whole rupiah as typed with dots or Rp, and leaves anything else for the server to name', () => {
    expect(rupiahOf('12.500.000')).toBe(12_500_000);
    expect(rupiahOf('Rp 12.500.000')).toBe(12_500_000);
    expect(rupiahOf(' 12500000 ')).toBe(12_500_000);
    expect(rupiahOf('12,5')).toBe('12,5');
    expect(rupiahOf('')).toBe('');
  });
});
