import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderPanel } from '../support';
import { listOf, testDataProvider } from './support';

const contract = (id: number, status: string | null, extra: object = {}) => ({
  id,
  title: `Kontrak ${id}`,
  contract_type: 'Kontrak Panen',
  status,
  description: 'Pembelian hasil panen padi',
  fullname_petani: 'Budi Santoso',
  fullname_mitra: 'PT Agro Makmur',
  created_at: '2025-02-01T10:00:00.000Z',
  ...extra,
});

const chipIn = (title: string) =>
  within(screen.getByText(title).closest('tr') as HTMLElement)
    .getAllByText(/.+/)
    .find((el) => el.classList.contains('MuiChip-label'))!.parentElement!;

describe('Contract list', () => {
  it('shows Contract, Status and Actions with the status colours of docs/spec-notes.md §4', async () => {
    renderPanel(
      '/contract',
      testDataProvider({
        getList: listOf([
          contract(1, 'approved'),
          contract(2, 'active'),
          contract(3, 'negotiation'),
          contract(4, ''),
          contract(5, 'cancelled'),
        ]),
      }),
    );
    await screen.findByText('Kontrak 1');
    for (const header of ['Contract', 'Status', 'Actions'])
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    expect(chipIn('Kontrak 1')).toHaveTextContent('Active');
    expect(chipIn('Kontrak 1')).toHaveClass('MuiChip-colorSuccess');
    expect(chipIn('Kontrak 2')).toHaveTextContent('Active');
    expect(chipIn('Kontrak 3')).toHaveTextContent('negotiation');
    expect(chipIn('Kontrak 3')).toHaveClass('MuiChip-colorYellow');
    expect(chipIn('Kontrak 4')).toHaveTextContent('Pending');
    expect(chipIn('Kontrak 4')).toHaveClass('MuiChip-colorYellow');
    expect(chipIn('Kontrak 5')).toHaveTextContent('cancelled');
    expect(screen.getAllByText(/Kontrak Panen · Budi Santoso — PT Agro Makmur/)).toHaveLength(5);
  });

  it('opens the detail with type, status, description, parties and date', async () => {
    renderPanel(
      '/contract',
      testDataProvider({
        getList: listOf([contract(1, 'approved')]),
        getOne: vi.fn(async () => ({ data: contract(1, 'approved') })),
      }),
    );
    await userEvent.click(await screen.findByText('Kontrak 1'));
    const dialog = await screen.findByRole('dialog', { name: 'Kontrak 1' });
    for (const text of [
      'Kontrak Panen',
      'Active',
      'Pembelian hasil panen padi',
      'Budi Santoso',
      'PT Agro Makmur',
      '1 Februari 2025',
    ])
      expect(within(dialog).getByText(text)).toBeInTheDocument();
  });

  it('says No contracts found when the list is empty', async () => {
    renderPanel('/contract', testDataProvider());
    expect(await screen.findByText('No contracts found')).toBeInTheDocument();
  });

  it('shows the load error with Retry and pages with Previous / Next', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => contract(i + 1, 'active'));
    const getList = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('Failed to fetch contract data', 500))
      .mockResolvedValue({ data: rows, total: 25 });
    renderPanel('/contract', testDataProvider({ getList }));
    expect(
      await screen.findByText('Error loading contract: Failed to fetch contract data'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'contract',
        expect.objectContaining({ pagination: { page: 2, perPage: 10 } }),
      ),
    );
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('filters by status on the server', async () => {
    const dataProvider = testDataProvider({ getList: listOf([contract(1, 'active')]) });
    renderPanel('/contract', dataProvider);
    await screen.findByText('Kontrak 1');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'negotiation' }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'contract',
        expect.objectContaining({ filter: { status: 'negotiation' } }),
      ),
    );
  });
});

describe('Contract form', () => {
  const label = (name: string) =>
    [...document.querySelectorAll('label')].find(
      (element) => element.textContent?.replace(/[\s*\u2009]+$/, '') === name,
    );

  it('marks the required fields and saves nothing while they are empty', async () => {
    const dataProvider = testDataProvider();
    renderPanel('/contract/create', dataProvider);
    await screen.findByText('Komoditas', { exact: false });
    const required = [
      'Contract',
      'Jenis Kontrak',
      'Petani',
      'Mitra',
      'Komoditas',
      'Jumlah',
      'Satuan',
      'Mutu',
      'Harga per satuan (Rp)',
      'Jangka pembayaran (hari setelah penerimaan dikonfirmasi)',
      'Tanggal Mulai',
      'Tanggal Selesai',
    ];
    for (const name of required) expect(label(name)?.textContent, name).toMatch(/\*$/);
    for (const name of ['Lahan', 'Deskripsi', 'Syarat Pengiriman'])
      expect(label(name)?.textContent, name).not.toMatch(/\*/);
    // A new contract is always pending (docs/API.md): its status is not asked.
    expect(label('Status')).toBeUndefined();

    await userEvent.type(screen.getByRole('textbox', { name: /^Contract/ }), 'Kontrak Baru');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect((await screen.findAllByText('Wajib diisi')).length).toBeGreaterThanOrEqual(6);
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it("clears the chosen lahan when another petani is chosen (it was the previous one's)", async () => {
    const people = {
      petani: [
        { id: 7, full_name: 'Budi Santoso' },
        { id: 8, full_name: 'Siti Aminah' },
      ],
      lahan: [{ id: 30, nama_lahan: 'Sawah Budi', petani_id: 7 }],
    } as Record<string, object[]>;
    const getList = vi.fn(async (resource: string) => ({
      data: people[resource] ?? [],
      total: (people[resource] ?? []).length,
    }));
    renderPanel('/contract/create', testDataProvider({ getList }));
    const choose = async (name: RegExp, option: string) => {
      await userEvent.click(await screen.findByRole('combobox', { name }));
      await userEvent.click(await screen.findByRole('option', { name: option }));
    };
    await choose(/^Petani/, 'Budi Santoso');
    await choose(/^Lahan/, 'Sawah Budi');
    expect(screen.getByRole('combobox', { name: /^Lahan/ })).toHaveValue('Sawah Budi');
    await choose(/^Petani/, 'Siti Aminah');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Lahan/ })).toHaveValue(''));
  });
});
