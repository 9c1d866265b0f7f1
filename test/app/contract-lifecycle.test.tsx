import { screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { ContractActions } from '../../src/app/account/contracts/ContractActions';
import { nextStep } from '../../src/app/account/contracts/nextStep';
import type { Contract, Delivery, PartyRole } from '../../src/app/account/contracts/types';
import { i18nProvider } from '../../src/app/admin/i18n/i18nProvider';
import { createQueryClient, QueryProvider } from '../../src/app/api/queryClient';
import { CancelContractButton } from '../../src/app/admin/resources/contract/CancelContractButton';
import { ContractStatusChip } from '../../src/app/admin/resources/contract/ContractStatusChip';
import {
  afterSign,
  CONTRACT_LIFECYCLE,
  CONTRACT_STATUSES,
  contractStatusLabel,
  isFinal,
  nextSentence,
  SETTLEMENT_STEPS,
  STEP_TARGETS,
  stepsFrom,
  type ContractStatus,
} from '../../src/shared/contract-lifecycle';
import type { ContractAction } from '../../src/shared/contracts';
import { renderPanel } from './admin/support';
import { testDataProvider } from './admin/resources/support';
import { renderStyled } from './styles';

/*
 * Every status of the lifecycle table (src/shared/contract-lifecycle.ts) through what the panel and /akun
 * derive from it: the buttons offered are exactly the steps the table (and so the server) allows. The
 * statuses are read from the table, so a new entry is walked here without touching this file.
 */

/** /akun's button of each step a party takes from the contract's screen (confirm is on each delivery). */
const AKUN_BUTTONS: Partial<Record<ContractAction, string>> = {
  sign: 'Tanda tangani',
  counter: 'Tawar balik',
  reject: 'Tolak kontrak',
  revise: 'Revisi syarat',
  cancel: 'Batalkan kontrak',
  start: 'Mulai kontrak',
  deliver: 'Catat pengiriman',
  complete: 'Selesaikan kontrak',
};
const PARTIES: readonly PartyRole[] = ['petani', 'mitra'];
const CONFIRMED: Delivery[] = [{ id: 1, confirmed_at: '2026-03-01T00:00:00Z' } as Delivery];
const UNCONFIRMED: Delivery[] = [{ id: 1, confirmed_at: null } as Delivery];

const contractOf = (status: ContractStatus, signedBy: PartyRole | null, awaiting: PartyRole | null) =>
  ({
    id: 1,
    title: 'Kontrak Uji',
    status,
    awaiting,
    petani_signed_at: signedBy === 'petani' ? '2026-03-01T00:00:00Z' : null,
    mitra_signed_at: signedBy === 'mitra' ? '2026-03-01T00:00:00Z' : null,
  }) as Contract;

function akunButtons(contract: Contract, role: PartyRole, deliveries: Delivery[]) {
  const { unmount } = renderStyled(
    <QueryProvider client={createQueryClient()}>
      <ContractActions
        contract={contract}
        role={role}
        deliveries={deliveries}
        onChanged={() => undefined}
        onTermsChanged={() => undefined}
      />
    </QueryProvider>,
  );
  const names = screen.getAllByRole('button').map((button) => button.textContent);
  unmount();
  return names;
}

describe.each(CONTRACT_STATUSES)('contract status %s', (status) => {
  it('has a label of its own and, for each party, a next step to say', () => {
    expect(contractStatusLabel(status)).toMatch(/\S/);
    expect(contractStatusLabel(status)).not.toBe(status);
    for (const role of PARTIES) {
      const sentence = nextStep(contractOf(status, null, role), role);
      if (stepsFrom(status, role).includes('sign')) expect(sentence).toMatch(/^Giliran Anda/);
      // An ended contract that awaits a party still has money to settle: whose turn it is, not "no more steps".
      else if (isFinal(status)) {
        expect(sentence).toMatch(/^Giliran Anda: (konfirmasi pembayaran|bayar sisa tagihan)/);
        expect(nextStep(contractOf(status, null, null), role)).toBe(nextSentence(status, role));
        const other = role === 'petani' ? 'mitra' : 'petani';
        expect(nextStep(contractOf(status, null, other), role)).toMatch(/^Menunggu (mitra|petani)/);
      } else expect(sentence).toBe(nextSentence(status, role));
    }
  });

  it('is reached by some step, and a final status allows none but those on the money', () => {
    const targets = [...Object.values(STEP_TARGETS), afterSign('pending', true)];
    expect(targets).toContain(status);
    if (isFinal(status))
      for (const role of PARTIES)
        expect(stepsFrom(status, role).filter((step) => !Object.hasOwn(SETTLEMENT_STEPS, step))).toEqual([]);
  });

  it.each(PARTIES)("offers /akun's %s exactly the steps the lifecycle allows", (role) => {
    const allowed = stepsFrom(status, role);
    const offered = (signedBy: PartyRole | null, deliveries: Delivery[]) =>
      Object.entries(AKUN_BUTTONS)
        .filter(([step]) => allowed.includes(step as ContractAction))
        .filter(([step]) => step !== 'sign' || signedBy !== role)
        .filter(([step]) => step !== 'complete' || deliveries === CONFIRMED)
        .map(([, label]) => label)
        .concat('Unduh PDF');
    for (const signedBy of [null, role])
      for (const deliveries of [CONFIRMED, UNCONFIRMED])
        expect(
          akunButtons(contractOf(status, signedBy, null), role, deliveries),
          `${signedBy} ${deliveries}`,
        ).toEqual(offered(signedBy, deliveries));
  });

  it("gives the panel's cancel button and status chip as the lifecycle says", () => {
    renderStyled(
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18nProvider}>
        <CancelContractButton record={{ id: 1, status }} />
        <ContractStatusChip status={status} />
      </AdminContext>,
    );
    const cancel = screen.queryByRole('button', { name: 'Batalkan Kontrak' });
    if (stepsFrom(status, 'admin').includes('cancel')) expect(cancel).toBeInTheDocument();
    else expect(cancel).toBeNull();
    const binding = CONTRACT_LIFECYCLE[status].signed && !isFinal(status);
    expect(screen.getByText(binding ? 'Active' : status)).toBeInTheDocument();
  });

  it("locks the panel's terms unless the lifecycle lets an admin edit them", async () => {
    const dataProvider = testDataProvider({
      getOne: async () => ({ data: { id: 1, title: 'Kontrak Uji', status, quantity: 100, unit: 'kg' } }),
    });
    renderPanel('/contract/1', dataProvider);
    // The edit screen loads lazily: the first one may take a while on a loaded machine.
    const quantity = await screen.findByRole('spinbutton', { name: /^Jumlah/ }, { timeout: 30_000 });
    const editable = stepsFrom(status, 'admin').includes('edit');
    if (editable) expect(quantity).toBeEnabled();
    else expect(quantity).toBeDisabled();
    const note = screen.queryByText(/^Syarat kontrak hanya dapat diubah selama kontrak berstatus/);
    expect(Boolean(note)).toBe(!editable);
    for (const open of CONTRACT_STATUSES.filter((s) => stepsFrom(s, 'admin').includes('edit')))
      if (note) expect(note).toHaveTextContent(open);
  }, 60_000);
});
