import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FinanceList, OutstandingRow, OverdueRow } from '../../../src/app/admin/finance/types';
import { renderPanel, testDataProvider } from './support';

/*
 * The finance view (/admin/finance, menu "Keuangan") over a stand-in data provider: the totals, the two paged
 * lists and their CSV downloads.
 */

const summary = {
  value_delivered: 125_000_000,
  paid: 80_500_000,
  outstanding: 44_500_000,
  owing_contracts: 12,
  overdue_amount: 9_250_000,
  overdue_count: 3,
  median_days_to_payment: 6.5,
  paid_deliveries_90d: 40,
  today: '2026-03-10',
};

const mitraRows: OutstandingRow[] = Array.from({ length: 12 }, (_, i) => ({
  mitra_id: 100 + i,
  mitra_name: `Mitra ${i + 1}`,
  company_name: i === 0 ? 'CV Makmur' : null,
  contracts_owing: 1 + (i % 3),
  outstanding: 10_000_000 - i * 500_000,
  overdue_amount: i === 0 ? 2_500_000 : 0,
  oldest_due_date: '2026-03-01',
}));

const overdueRows: OverdueRow[] = [
  {
    id: 77,
    title: 'Kontrak Jagung Terlambat',
    mitra_id: 100,
    mitra_name: 'Mitra 1',
    petani_id: 5,
    petani_name: 'Pak Tani',
    outstanding: 2_500_000,
    due_date: '2026-03-01',
    days_late: 9,
  },
];

function financeProvider() {
  const getFinanceSummary = vi.fn(async () => summary);
  const getFinancePage = vi.fn(async (list: FinanceList, page: number, perPage: number) => {
    const rows: (OutstandingRow | OverdueRow)[] = list === 'outstanding' ? mitraRows : overdueRows;
    return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length };
  });
  const fetchDocument = vi.fn(async () => new Blob(['"ID Mitra"\r\n'], { type: 'text/csv' }));
  return { getFinanceSummary, getFinancePage, fetchDocument };
}

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('the finance view', () => {
  it('is opened from the menu and shows the totals, what each mitra owes and the overdue contracts', async () => {
    const methods = financeProvider();
    renderPanel('/dashboard', testDataProvider(methods));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Keuangan' }));
    expect(await screen.findByRole('heading', { name: 'Keuangan Dashboard', level: 1 })).toBeInTheDocument();

    const figure = (name: string) => within(screen.getByRole('region', { name }));
    expect(await figure('Nilai terkirim').findByText('Rp 125.000.000')).toBeInTheDocument();
    expect(figure('Dibayar').getByText('Rp 80.500.000')).toBeInTheDocument();
    expect(figure('Sisa tagihan').getByText('Rp 44.500.000')).toBeInTheDocument();
    expect(figure('Sisa tagihan').getByText('12 kontrak belum lunas')).toBeInTheDocument();
    expect(figure('Terlambat').getByText('Rp 9.250.000')).toBeInTheDocument();
    expect(figure('Terlambat').getByText('3 kontrak')).toBeInTheDocument();
    expect(figure('Median hari sampai dibayar').getByText('6,5')).toBeInTheDocument();

    const owing = within(await screen.findByRole('table', { name: 'Sisa tagihan per mitra' }));
    expect(owing.getByText('Mitra 1 · CV Makmur')).toBeInTheDocument();
    expect(owing.getByText('Rp 10.000.000')).toBeInTheDocument();
    expect(owing.getAllByRole('row')).toHaveLength(11); // the header and the first 10
    const overdue = within(await screen.findByRole('table', { name: 'Pembayaran terlambat' }));
    const row = within(overdue.getByText('Kontrak Jagung Terlambat').closest('tr')!);
    expect(row.getByText('Pak Tani')).toBeInTheDocument();
    expect(row.getByText('Rp 2.500.000')).toBeInTheDocument();
    expect(row.getByText('1 Maret 2026')).toBeInTheDocument();
    expect(row.getByText('9 hari')).toBeInTheDocument();
  });

  it('pages through the mitra list', async () => {
    const methods = financeProvider();
    renderPanel('/finance', testDataProvider(methods));
    const section = within(await screen.findByRole('region', { name: 'Sisa tagihan per mitra' }));
    expect(await section.findByText('1–10 dari 12')).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: /next page/i }));
    expect(await section.findByText('Mitra 12')).toBeInTheDocument();
    expect(section.queryByText('Mitra 1 · CV Makmur')).toBeNull();
    expect(methods.getFinancePage).toHaveBeenCalledWith('outstanding', 2, 10);
  });

  it('downloads each list as the server’s CSV', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:finance'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const methods = financeProvider();
    renderPanel('/finance', testDataProvider(methods));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Unduh sisa tagihan per mitra sebagai CSV' }),
    );
    await waitFor(() => expect(methods.fetchDocument).toHaveBeenCalledWith('/admin/finance/outstanding.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Unduh pembayaran terlambat sebagai CSV' }));
    await waitFor(() => expect(methods.fetchDocument).toHaveBeenCalledWith('/admin/finance/overdue.csv'));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[0]).toMatch(/^tanimitra-sisa-tagihan-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(saved[1]).toMatch(/^tanimitra-pembayaran-terlambat-\d{4}-\d{2}-\d{2}\.csv$/);
    click.mockRestore();
  });
});
