import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, RecordContextProvider, type RaThemeOptions } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { VerificationBadge, VerifiedChip } from '../../../src/app/admin/components/VerificationBadge';
import { i18nProvider } from '../../../src/app/admin/i18n/i18nProvider';
import { ContractStatusChip } from '../../../src/app/admin/resources/contract/ContractStatusChip';
import { DownloadStatusChip } from '../../../src/app/admin/resources/downloads/DownloadStatusChip';
import { LahanStatusBadge, LahanStatusChip } from '../../../src/app/admin/resources/lahan/LahanStatusBadge';
import { adminDarkTheme, adminLightTheme } from '../../../src/app/theme/adminTheme';
import { CONTRACT_STATUS_LABEL } from '../../../src/shared/statusLabels';
import { shownColors } from './contrast';
import { renderStyled } from '../styles';
import { listOf, renderPanel, testAuthProvider, testDataProvider } from './support';

const LAHAN_STATUSES = ['active', 'aktif', 'inactive', 'pending', 'negotiation', 'on_going', 'completed'];
const CONTRACT_STATUSES = [...Object.keys(CONTRACT_STATUS_LABEL), 'draft', ''];

/** Every status chip and badge of contracts, lahan, downloads and verification, in each of its states. */
function AllChips() {
  return (
    <>
      {CONTRACT_STATUSES.map((status) => (
        <ContractStatusChip key={`contract ${status}`} status={status} />
      ))}
      {[...LAHAN_STATUSES, 'rejected', 'unknown'].map((status) => (
        <RecordContextProvider key={`lahan ${status}`} value={{ id: 1, status }}>
          <LahanStatusChip status={status} />
          <LahanStatusBadge />
        </RecordContextProvider>
      ))}
      {[true, false].map((on) => (
        <RecordContextProvider key={String(on)} value={{ id: 1, status_verifikasi: on }}>
          <VerifiedChip verified={on} />
          <VerificationBadge />
          <DownloadStatusChip active={on} />
        </RecordContextProvider>
      ))}
    </>
  );
}

const MODES: [string, RaThemeOptions][] = [
  ['light', adminLightTheme],
  ['dark', adminDarkTheme],
];

describe('The panel theme', () => {
  it.each(MODES)('draws every status chip at WCAG AA contrast (≥ 4.5:1) in %s mode', (_mode, theme) => {
    const { container } = renderStyled(
      <AdminContext
        i18nProvider={i18nProvider}
        dataProvider={testDataProvider()}
        theme={theme}
        darkTheme={null}
      >
        <AllChips />
      </AdminContext>,
      { allStyles: true },
    );
    const labels = [...container.querySelectorAll('.MuiChip-label')];
    expect(labels.length).toBe(CONTRACT_STATUSES.length + 2 * (LAHAN_STATUSES.length + 2) + 6);
    const page = theme.palette!.background!.paper!;
    const ratios = labels.map(
      (label) => `${label.textContent}: ${shownColors(label, page).ratio.toFixed(2)}`,
    );
    const below = labels.filter((label) => shownColors(label, page).ratio < 4.5);
    expect(
      below.map((label) => label.textContent),
      ratios.join(', '),
    ).toEqual([]);
  });

  it('shows the app bar in TaniMitra green with its badge readable, and toggles to the dark theme', async () => {
    renderPanel('/users', testDataProvider(), { allStyles: true });
    const badge = await screen.findByText('Administrator');
    const bar = badge.closest('header')!;
    const light = shownColors(badge, adminLightTheme.palette!.background!.default!);
    expect(light.background).toEqual([22, 101, 52, 1]);
    expect(light.ratio).toBeGreaterThanOrEqual(4.5);
    expect(shownColors(within(bar).getByRole('heading'), '#fff').ratio).toBeGreaterThanOrEqual(4.5);

    await userEvent.click(within(bar).getByRole('button', { name: 'Ganti mode terang/gelap' }));
    const dark = shownColors(badge, adminDarkTheme.palette!.background!.default!);
    expect(dark.ratio).toBeGreaterThanOrEqual(4.5);
    expect(dark.background).not.toEqual(light.background);
  });

  it("names each row's checkbox input, not the span around it (react-admin puts the label on the span)", async () => {
    const rows = [1, 2].map((id) => ({
      id,
      full_name: `Orang ${id}`,
      role: 'petani',
      created_at: '2025-01-20',
    }));
    const { container } = renderPanel('/users', testDataProvider({ getList: listOf(rows) }));
    await screen.findByText('Orang 2');
    expect(screen.getAllByRole('checkbox', { name: 'Pilih baris ini' })).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: 'Pilih semua' })).toBeInTheDocument();
    expect(container.querySelectorAll('.MuiCheckbox-root[aria-label]')).toHaveLength(0);
  });

  it("writes 'Masuk sebagai Admin' as the spec does, not in capitals", async () => {
    const authProvider = testAuthProvider({ checkAuth: vi.fn(async () => Promise.reject(new Error('no'))) });
    renderPanel('/login', testDataProvider(), { authProvider, allStyles: true });
    const button = await screen.findByRole('button', { name: 'Masuk sebagai Admin' });
    expect(button.textContent).toBe('Masuk sebagai Admin');
    expect(getComputedStyle(button).textTransform).not.toBe('uppercase');
  });
});
