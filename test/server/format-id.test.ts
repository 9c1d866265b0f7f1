import { describe, expect, it } from 'vitest';
import {
  formatArea,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatRupiah,
} from '../../src/shared/format-id.js';

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

  it('shows any date or moment of a record one way: its day (in Jakarta for a moment), with the time if asked', () => {
    expect(formatDate('1990-01-01')).toBe('1 Januari 1990');
    expect(formatDate('1990-01-01', true)).toBe('1 Januari 1990');
    // 20:30 UTC is already the next day in Jakarta.
    expect(formatDate('2025-01-20T20:30:00.000Z')).toBe('21 Januari 2025');
    expect(formatDate(new Date('2025-01-20T07:05:00Z'), true)).toBe('20 Januari 2025 pukul 14.05 WIB');
    for (const absent of [null, undefined, '', 'bukan tanggal']) expect(formatDate(absent)).toBe('-');
  });
});
