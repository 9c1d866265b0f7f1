import { screen, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderPanel, testDataProvider } from './support';
import { MESSAGES } from '../../../src/shared/messages';

const stats = {
  users: { total: 1234, byRole: { admin: 2, petani: 1000, mitra: 232 }, verified: 900, unverified: 334 },
  lahan: { total: 56, totalArea: 125000, byStatus: { active: 40, pending: 16 } },
  contracts: { total: 7, byStatus: { active: 5, pending: 2 }, valueUnderContract: 12_500_000 },
  recentContracts: [
    {
      id: 1,
      title: 'Kontrak Padi Musim Hujan',
      fullname_petani: 'Pak Tani',
      fullname_mitra: 'CV Makmur',
      status: 'active',
      created_at: '2025-01-20T07:05:00.000Z',
    },
  ],
};

const finance = {
  value_delivered: 125_000_000,
  paid: 80_500_000,
  outstanding: 44_500_000,
  owing_contracts: 12,
  overdue_amount: 9_250_000,
  overdue_count: 3,
  median_days_to_payment: 6,
  paid_deliveries_90d: 40,
  today: '2026-03-10',
};

describe('Dashboard', () => {
  it('shows the figures of /admin/stats and the recent contracts', async () => {
    const getStats = vi.fn(async () => stats);
    const getFinanceSummary = vi.fn(async () => finance);
    renderPanel('/dashboard', testDataProvider({ getStats, getFinanceSummary }));
    const users = await screen.findByRole('region', { name: 'Users' });
    expect(within(users).getByText('1.234')).toBeInTheDocument();
    expect(within(users).getByText('Terverifikasi: 900 · Belum Terverifikasi: 334')).toBeInTheDocument();
    const lahan = screen.getByRole('region', { name: 'Lahan' });
    expect(within(lahan).getByText('56')).toBeInTheDocument();
    expect(within(lahan).getByText('Total luas: 125.000 m²')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Contracts' })).getByText('7')).toBeInTheDocument();
    const value = screen.getByRole('region', { name: 'Value under contract' });
    expect(within(value).getByText('Rp 12.500.000')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Contracts by status' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Users by role' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Lahan by status' })).toBeInTheDocument();
    // The money: value delivered, paid and overdue (GET /admin/finance/summary).
    expect(
      within(await screen.findByRole('region', { name: 'Nilai terkirim' })).getByText('Rp 125.000.000'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Dibayar' })).getByText('Rp 80.500.000'),
    ).toBeInTheDocument();
    const overdue = within(screen.getByRole('region', { name: 'Terlambat' }));
    expect(overdue.getByText('Rp 9.250.000')).toBeInTheDocument();
    expect(overdue.getByText('3 kontrak')).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recent contracts' });
    expect(within(recent).getByText('Kontrak Padi Musim Hujan')).toBeInTheDocument();
    expect(within(recent).getByText('Pak Tani · CV Makmur · active · 20 Januari 2025')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
  });

  it('reports a failure', async () => {
    const getStats = vi.fn(async () => {
      throw new HttpError(MESSAGES.operationFailed, 500);
    });
    renderPanel('/dashboard', testDataProvider({ getStats }));
    expect(await screen.findByText('Error loading dashboard: Operation failed')).toBeInTheDocument();
  });
});
