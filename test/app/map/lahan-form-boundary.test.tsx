import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyLahan } from '../../../src/app/account/api';
import type { GeoPolygon, Gps } from '../../../src/app/map/boundary';
import type { BoundaryEditorProps } from '../../../src/app/map/BoundaryEditor';
import { MESSAGES } from '../../../src/shared/messages';
import { myLahan, renderLahanForm, serveLahanForm } from '../support/lahan-form';

/*
 * The /akun lahan form's boundary: what it sends and where its errors show. Leaflet does not draw in jsdom, so the
 * map part (BoundaryEditorContext) is a stand-in whose buttons hand the form a shape as drawing would.
 */

const M = MESSAGES.lahan;
const ring = (corners: [number, number][]): GeoPolygon => ({
  type: 'Polygon',
  coordinates: [[...corners, corners[0]!]],
});
/** 0.0009° each way near Semarang (7° S): 99.4 m × 99.5 m, 9,897 m² on the ellipsoid. */
const SQUARE = ring([
  [110.4, -7.05],
  [110.4009, -7.05],
  [110.4009, -7.0491],
  [110.4, -7.0491],
]);
const CROSSING = ring([
  [110.4, -7.05],
  [110.4009, -7.0491],
  [110.4009, -7.05],
  [110.4, -7.0491],
]);

/** The map's stand-in: buttons that hand the form a shape as drawing would. */
function StandInEditor({ value, onChange, children }: BoundaryEditorProps) {
  return (
    <div>
      {children}
      <p>peta: {value ? value.type : 'kosong'}</p>
      <button type="button" onClick={() => onChange(SQUARE)}>
        gambar persegi
      </button>
      <button type="button" onClick={() => onChange(CROSSING)}>
        gambar bersilang
      </button>
      <button type="button" onClick={() => onChange(null)}>
        hapus batas
      </button>
    </div>
  );
}

const LAHAN = myLahan();

let served: ReturnType<typeof serveLahanForm>;
beforeEach(() => {
  served = serveLahanForm(LAHAN.id);
});

const renderForm = (lahan: MyLahan = LAHAN) => renderLahanForm(lahan, StandInEditor);

const user = userEvent.setup();

describe('the lahan form’s boundary', () => {
  it('sends the drawn boundary alone as gps, and shows its area beside the declared one', async () => {
    const { onSaved, boundary } = renderForm();
    expect(boundary.getByText(/Belum ada batas lahan/)).toBeInTheDocument();
    await user.click(await boundary.findByRole('button', { name: 'gambar persegi' }));
    expect(boundary.getByText('Luas terukur (perkiraan)').nextSibling).toHaveTextContent('9.897 m²');
    expect(boundary.getByText('Luas yang diisi').nextSibling).toHaveTextContent('10.000 m²');
    expect(boundary.queryByText(/berbeda lebih dari 20%/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Simpan lahan' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Lahan Sawah Batas disimpan.'));
    expect(served.sent).toEqual([{ method: 'put', url: '/lahan/41', body: { gps: SQUARE } }]);
  });

  it('warns when the declared area is more than 20 % off the drawn one', async () => {
    const { boundary } = renderForm();
    await user.click(await boundary.findByRole('button', { name: 'gambar persegi' }));
    const luas = screen.getByLabelText('Luas (m²)');
    await user.clear(luas);
    await user.type(luas, '13000');
    expect(boundary.getByText(/berbeda lebih dari 20%/)).toBeInTheDocument();
  });

  it('shows the saved boundary with the server’s measured area', async () => {
    const { boundary } = renderForm({ ...LAHAN, gps: SQUARE, luas_terukur: 10_043.6, luas_berbeda: false });
    expect(await boundary.findByText('peta: Polygon')).toBeInTheDocument();
    expect(boundary.getByText('Luas terukur').nextSibling).toHaveTextContent('10.044 m²');
  });

  it('refuses a crossing shape under the map before sending anything', async () => {
    const { boundary } = renderForm();
    await user.click(await boundary.findByRole('button', { name: 'gambar bersilang' }));
    expect(boundary.getByRole('alert')).toHaveTextContent(M.gpsSelfIntersecting);
    await user.click(screen.getByRole('button', { name: 'Simpan lahan' }));
    expect(served.sent).toEqual([]);
    expect(boundary.getByRole('alert')).toHaveTextContent(M.gpsSelfIntersecting);

    await user.click(boundary.getByRole('button', { name: 'gambar persegi' }));
    expect(boundary.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s refusal of the boundary (field gps) under the map', async () => {
    served.answerPut = () => ({
      status: 400,
      data: {
        success: false,
        code: 'VALIDATION_ERROR',
        message: M.invalidData,
        errors: [{ field: 'gps', message: M.gpsOutsideIndonesia }],
      },
    });
    const { onSaved, boundary } = renderForm();
    await user.click(await boundary.findByRole('button', { name: 'gambar persegi' }));
    await user.click(screen.getByRole('button', { name: 'Simpan lahan' }));
    expect(await boundary.findByRole('alert')).toHaveTextContent(M.gpsOutsideIndonesia);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('sends gps null when the boundary is cleared', async () => {
    const { onSaved, boundary } = renderForm({ ...LAHAN, gps: SQUARE as Gps, luas_terukur: 10_043.6 });
    await user.click(await boundary.findByRole('button', { name: 'hapus batas' }));
    expect(boundary.getByText(/Belum ada batas lahan/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Simpan lahan' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(served.sent).toEqual([{ method: 'put', url: '/lahan/41', body: { gps: null } }]);
  });
});
