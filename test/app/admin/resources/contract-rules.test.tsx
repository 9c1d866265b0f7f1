import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../src/shared/messages';
import { renderPanel } from '../support';
import { listOf, testDataProvider } from './support';

/*
 * The panel offers only what the server does (issue 26, finding 6): no delete on a contract anyone signed
 * (the API answers 409 there, contractDeletable), and no contract of 0 kg or at Rp 0.
 */

const contract = (id: number, status: string, has_signatures: boolean) => ({
  id,
  title: `Kontrak ${id}`,
  contract_type: 'Kontrak Panen',
  status,
  has_signatures,
  fullname_petani: 'Budi Santoso',
  fullname_mitra: 'PT Agro Makmur',
  created_at: '2025-02-01T10:00:00.000Z',
});

const rowOf = (title: string) => within(screen.getByText(title).closest('tr') as HTMLElement);

describe('Contract list actions', () => {
  it('offers delete only on contracts nobody signed, a voided signature included', async () => {
    const dataProvider = testDataProvider({
      getList: listOf([
        contract(1, 'pending', false),
        contract(2, 'pending', true), // signed, then revised: the signature is voided but kept
        contract(3, 'approved', true),
        contract(4, 'cancelled', false),
      ]),
    });
    renderPanel('/contract', dataProvider);
    await screen.findByText('Kontrak 1');
    for (const [title, deletable] of [
      ['Kontrak 1', true],
      ['Kontrak 2', false],
      ['Kontrak 3', false],
      ['Kontrak 4', true],
    ] as const) {
      expect(rowOf(title).getByRole('button', { name: 'Lihat' }), title).toBeInTheDocument();
      expect(rowOf(title).queryAllByRole('button', { name: 'Hapus' }), title).toHaveLength(deletable ? 1 : 0);
    }
    await userEvent.click(rowOf('Kontrak 1').getByRole('button', { name: 'Hapus' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Konfirmasi' }));
    await waitFor(() =>
      expect(dataProvider.delete).toHaveBeenCalledWith('contract', expect.objectContaining({ id: 1 })),
    );
  });
});

describe('Contract list bulk delete', () => {
  it('ticks only contracts nobody signed, so a bulk delete never reaches a signed one', async () => {
    const rows = [
      contract(1, 'pending', false),
      contract(2, 'pending', true),
      contract(3, 'approved', true),
      contract(4, 'cancelled', false),
    ];
    const dataProvider = testDataProvider({ getList: listOf(rows) });
    renderPanel('/contract', dataProvider);
    const user = userEvent.setup();
    await screen.findByText('Kontrak 1');
    for (const [title, tickable] of [
      ['Kontrak 1', true],
      ['Kontrak 2', false],
      ['Kontrak 3', false],
      ['Kontrak 4', true],
    ] as const) {
      const box = rowOf(title).getByRole('checkbox', { name: 'Pilih baris ini' });
      if (tickable) expect(box, title).toBeEnabled();
      else expect(box, title).toBeDisabled();
    }

    await user.click(screen.getByRole('checkbox', { name: 'Pilih semua' }));
    const toolbar = (await screen.findByText('2 item dipilih')).closest(
      '[data-test="bulk-actions-toolbar"]',
    ) as HTMLElement;
    expect(rowOf('Kontrak 2').getByRole('checkbox', { name: 'Pilih baris ini' })).not.toBeChecked();

    await user.click(within(toolbar).getByRole('button', { name: 'Hapus' }));
    await user.click(await screen.findByRole('button', { name: 'Konfirmasi' }));
    await waitFor(() =>
      expect(dataProvider.deleteMany).toHaveBeenCalledWith(
        'contract',
        expect.objectContaining({ ids: [1, 4] }),
      ),
    );
  });

  it("offers no 'select all' across pages, which would tick signed contracts there", async () => {
    // This page has only unsigned contracts; the other 23 may be signed.
    const dataProvider = testDataProvider({
      getList: listOf([contract(1, 'pending', false), contract(4, 'cancelled', false)], 25),
    });
    renderPanel('/contract', dataProvider);
    await screen.findByText('Kontrak 1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pilih semua' }));
    const toolbar = (await screen.findByText('2 item dipilih')).closest(
      '[data-test="bulk-actions-toolbar"]',
    ) as HTMLElement;
    expect(within(toolbar).getByRole('button', { name: 'Hapus' })).toBeInTheDocument();
    expect(within(toolbar).queryByRole('button', { name: /Pilih semua/ })).toBeNull();
  });
});

describe('Contract form', () => {
  it('refuses a quantity or a price of 0 with the API’s messages, and saves nothing', async () => {
    const dataProvider = testDataProvider();
    renderPanel('/contract/create', dataProvider);
    await userEvent.type(await screen.findByRole('spinbutton', { name: /^Jumlah/ }), '0');
    await userEvent.type(screen.getByRole('spinbutton', { name: /^Harga per satuan/ }), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText(MESSAGES.contract.quantityInvalid)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.contract.priceInvalid)).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it('edits the price per grade as rows, one row A to start; a bad code or a price with decimals is refused', async () => {
    const dataProvider = testDataProvider();
    renderPanel('/contract/create', dataProvider);
    const grades = () => screen.getAllByRole('textbox', { name: /^Mutu/ }) as HTMLInputElement[];
    const prices = () => screen.getAllByRole('spinbutton', { name: /^Harga per satuan/ });
    await screen.findByRole('spinbutton', { name: /^Jumlah/ });
    expect(grades().map((input) => input.value)).toEqual(['A']);
    expect(screen.getByRole('spinbutton', { name: /^Jangka pembayaran/ })).toHaveValue(7);
    await userEvent.type(prices()[0]!, '6000');
    await userEvent.click(screen.getByRole('button', { name: 'Tambah' }));
    await waitFor(() => expect(grades()).toHaveLength(2));
    await userEvent.type(grades()[1]!, 'b-1');
    await userEvent.type(prices()[1]!, '4500.5');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText(MESSAGES.contract.gradeCodeInvalid)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.contract.priceInvalid)).toBeInTheDocument();
    expect(grades()[1]).toHaveValue('B-1');
    expect(dataProvider.create).not.toHaveBeenCalled();
  });
});
