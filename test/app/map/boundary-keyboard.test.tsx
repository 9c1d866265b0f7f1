import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { polygonOf, previewArea, type GeoPolygon } from '../../../src/app/map/boundary';
import { formatArea } from '../../../src/shared/format-id';
import { myLahan, renderLahanForm, serveLahanForm } from '../support/lahan-form';

/*
 * Drawing a lahan's boundary with the keyboard alone, on the real map (Leaflet and Geoman under jsdom): the map
 * is a tab stop described by the instructions, the arrow keys move it under the crosshair, Enter adds a corner at
 * its centre and Backspace takes the last back, each change said in the status line, and "Selesai" closes the
 * shape that the form then sends.
 */

/** Its pin where the map opens: the first corner falls on it. */
const LAHAN = myLahan({
  id: 52,
  nama_lahan: 'Sawah Papan Ketik',
  gps: { type: 'Point', coordinates: [110.4, -7.05] },
});

let served: ReturnType<typeof serveLahanForm>;
beforeEach(() => {
  served = serveLahanForm(LAHAN.id);
});

const SLOW = 60_000;

const KEY_CODES = { ArrowLeft: 37, ArrowUp: 38, ArrowRight: 39, ArrowDown: 40, '+': 187 } as const;

/** A key on the focused map: Leaflet pans and zooms by the keyCode, which browsers set and user-event leaves 0. */
const press = (key: keyof typeof KEY_CODES, shiftKey = false) =>
  fireEvent.keyDown(document.activeElement!, { key, keyCode: KEY_CODES[key], shiftKey });
/** jsdom's map has no size, so it opens on its least zoom: Shift and + five times bring it to a field's zoom. */
const zoomToField = () => Array.from({ length: 5 }, () => press('+', true));

describe('drawing a boundary with the keyboard', () => {
  it(
    'adds corners at the map’s centre with Enter, takes one back with Backspace, closes it and saves it',
    async () => {
      const user = userEvent.setup();
      const { onSaved, boundary: field } = renderLahanForm(LAHAN);
      const map = await field.findByRole('region', { name: 'Peta batas lahan' });
      expect(map).toHaveAttribute('tabindex', '0');
      const status = field.getByRole('status');

      await user.click(field.getByRole('button', { name: 'Gambar ulang' }));
      expect(map).toHaveAccessibleDescription(/Dengan papan ketik: .*tekan Enter untuk menambah titik/);
      expect(field.getByRole('button', { name: 'Hapus titik terakhir' })).toBeDisabled();

      map.focus();
      expect(map).toHaveFocus();
      zoomToField();
      await user.keyboard('{Enter}');
      expect(status).toHaveTextContent('Titik 1 ditambahkan.');
      await user.keyboard('{Enter}');
      expect(status).toHaveTextContent('Titik ini sudah ada: geser peta dulu dengan tombol panah.');
      press('ArrowRight');
      press('ArrowRight');
      await user.keyboard('{Enter}');
      expect(status).toHaveTextContent('Titik 2 ditambahkan.');
      press('ArrowDown');
      press('ArrowDown');
      await user.keyboard('{Enter}');
      expect(status).toHaveTextContent(/^Titik 3 ditambahkan — luas [\d.]+ m²\.$/);
      press('ArrowLeft');
      await user.keyboard('{Enter}');
      expect(status).toHaveTextContent(/^Titik 4 ditambahkan — luas [\d.]+ m²\.$/);
      await user.keyboard('{Backspace}');
      expect(status).toHaveTextContent(/^Titik terakhir dihapus — 3 titik tersisa, luas [\d.]+ m²\.$/);
      expect(map).toHaveFocus();

      await user.click(field.getByRole('button', { name: 'Selesai' }));
      expect(status).toHaveTextContent(/^Batas lahan selesai: 3 titik, luas [\d.]+ m²\.$/);
      const preview = field.getByText('Luas terukur (perkiraan)').nextSibling;
      expect(status.textContent).toContain(`luas ${preview?.textContent}.`);
      expect(field.getByRole('button', { name: 'Gambar ulang' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Simpan lahan' }));
      await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
      expect(served.sent).toHaveLength(1);
      const { gps } = served.sent[0]!.body as { gps: GeoPolygon };
      expect(gps.type).toBe('Polygon');
      const ring = gps.coordinates[0]!;
      expect(ring).toHaveLength(4);
      expect(ring[3]).toEqual(ring[0]);
      expect(new Set(ring.slice(0, 3).map((p) => p.join()))).toHaveProperty('size', 3);
      // The first corner is where the map was centred, on the saved pin.
      expect(ring[0]![0]).toBeCloseTo(110.4, 5);
      expect(ring[0]![1]).toBeCloseTo(-7.05, 5);
      expect(formatArea(Math.round(previewArea(polygonOf(ring))))).toBe(preview?.textContent);
    },
    SLOW,
  );

  it(
    'keeps drawing when the only corner is taken back, and will not close fewer than three',
    async () => {
      const user = userEvent.setup();
      const { boundary: field } = renderLahanForm(LAHAN);
      const map = await field.findByRole('region', { name: 'Peta batas lahan' });
      const status = field.getByRole('status');
      await user.click(field.getByRole('button', { name: 'Gambar ulang' }));
      await user.click(field.getByRole('button', { name: 'Tambah titik di tengah peta' }));
      expect(status).toHaveTextContent('Titik 1 ditambahkan.');
      await user.click(field.getByRole('button', { name: 'Hapus titik terakhir' }));
      expect(status).toHaveTextContent('Titik terakhir dihapus — 0 titik tersisa.');
      await vi.waitFor(() => expect(field.getByRole('button', { name: 'Selesai' })).toBeInTheDocument());

      map.focus();
      zoomToField();
      await user.keyboard('{Enter}');
      press('ArrowUp');
      await user.keyboard('{Enter}');
      expect(status).toHaveTextContent('Titik 2 ditambahkan.');
      await user.click(field.getByRole('button', { name: 'Selesai' }));
      expect(status).toHaveTextContent('Belum cukup titik: tambahkan paling sedikit tiga sudut lahan.');
      expect(field.getByRole('button', { name: 'Selesai' })).toBeInTheDocument();
    },
    SLOW,
  );
});
