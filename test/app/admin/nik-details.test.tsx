import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listOf, renderPanel, testDataProvider } from './support';

/** The admin verifying a person sees what their NIK says (issue 26, finding 7). */

const CIBINONG = {
  code: '32.01.01',
  province: 'Jawa Barat',
  district: 'Kabupaten Bogor',
  sub_district: 'Cibinong',
};

const person = (nik_info: object | null, role = 'petani') => {
  const row = {
    id: 9,
    user_id: 9,
    role,
    full_name: 'Bu Tani',
    name: 'Bu Tani',
    [`fullname_${role}`]: 'Bu Tani',
    email: 'bu.tani@contoh.id',
    status_verifikasi: false,
    nik: '3201014101900001',
    alamat: 'Jl. Gajah Mada 5, Kecamatan Jombang, Kabupaten Jember',
    created_at: '2025-01-20T07:05:00.000Z',
  };
  const getOne = vi.fn(async () => ({ data: { ...row, nik_info } }));
  return { getOne, getList: listOf([row]) };
};

async function openDetail(nikInfo: object | null) {
  const { getOne, getList } = person(nikInfo);
  renderPanel('/petani', testDataProvider({ getList, getOne }));
  await userEvent.click(await screen.findByText('Bu Tani'));
  const dialog = await screen.findByRole('dialog', { name: 'Detail Informasi Petani' });
  expect(getOne).toHaveBeenCalledWith('petani', expect.objectContaining({ id: 9 }));
  return dialog;
}

describe("Person detail: the NIK's area, birth date and sex", () => {
  it('warns when the NIK was issued away from the address', async () => {
    const dialog = await openDetail({
      problem: null,
      area: CIBINONG,
      birth_date: '1990-01-01',
      sex: 'female',
      matches_address: false,
    });
    expect(await within(dialog).findByText('Kec. Cibinong, Kabupaten Bogor, Jawa Barat')).toBeInTheDocument();
    expect(within(dialog).getByText('1 Januari 1990')).toBeInTheDocument();
    expect(within(dialog).getByText('Perempuan')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Wilayah NIK (Kec. Cibinong, Kabupaten Bogor) berbeda dengan alamat',
    );
  });

  it('shows no warning when the address names the area', async () => {
    const dialog = await openDetail({
      problem: null,
      area: { ...CIBINONG, sub_district: null, code: '32.01.99' },
      birth_date: '1985-12-31',
      sex: 'male',
      matches_address: true,
    });
    expect(
      await within(dialog).findByText(
        'Kabupaten Bogor, Jawa Barat (kode kecamatan 32.01.99 tidak ada lagi di data wilayah)',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Laki-laki')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('says what is wrong with a NIK stored before the rule', async () => {
    const problem = 'NIK tidak valid: kode wilayah 32.99.01 tidak dikenal';
    const dialog = await openDetail({
      problem,
      area: null,
      birth_date: null,
      sex: null,
      matches_address: null,
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(problem);
    expect(within(dialog).queryByText('Wilayah NIK')).toBeNull();
  });
});

describe('the verification confirmation', () => {
  it('shows what the NIK says, and the mismatch, before the admin verifies', async () => {
    const { getOne, getList } = person(
      { problem: null, area: CIBINONG, birth_date: '1990-01-01', sex: 'female', matches_address: false },
      'mitra',
    );
    renderPanel('/mitra', testDataProvider({ getList, getOne }));
    await userEvent.click(await screen.findByRole('button', { name: 'Inactive, Verifikasi Bu Tani' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verifikasi Bu Tani' });
    expect(await within(dialog).findByText('Kec. Cibinong, Kabupaten Bogor, Jawa Barat')).toBeInTheDocument();
    expect(within(dialog).getByText('Perempuan')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Wilayah NIK (Kec. Cibinong, Kabupaten Bogor) berbeda dengan alamat',
    );
    expect(getOne).toHaveBeenCalledWith('mitra', expect.objectContaining({ id: 9 }));
  });
});
