import { describe, expect, it } from 'vitest';
import { formatArea, formatDateTime, formatLongDate, formatRupiah } from '../../src/shared/format-id.js';

describe('Indonesian display formats', () => {
  it('writes long dates, Jakarta times, rupiah and areas', () => {
    expect(formatLongDate('2026-03-12')).toBe('12 Maret 2026');
    expect(formatLongDate('2026-08-02')).toBe('2 Agustus 2026');
    expect(formatDateTime('2026-03-12T07:05:00Z')).toBe('12 Maret 2026 pukul 14.05 WIB');
    expect(formatDateTime('2026-03-12T18:30:00Z')).toBe('13 Maret 2026 pukul 01.30 WIB');
    expect(formatRupiah(12_500_000)).toBe('Rp 12.500.000');
    expect(formatRupiah('1250.5')).toBe('Rp 1.250,5');
    expect(formatArea(15000)).toBe('15.000 m²');
    expect(formatArea(null)).toBe('-');
  });

  it('answers what is not a date as it came', () => {
    expect(formatLongDate('bukan tanggal')).toBe('bukan tanggal');
    expect(formatDateTime('bukan waktu')).toBe('bukan waktu');
  });
});
