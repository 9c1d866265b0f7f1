import type { ContractStatus } from '../../../../shared/constants.js';
import type { Step } from './contract-story.js';

/**
 * The histories demo contracts are given, by the status they end in. Between the demo petani and the demo
 * mitra the first of each status is played, so that both find a contract waiting for them (README).
 */
const offer: Step = { a: 'offer' };
const counter = (price: number, note: string): Step => ({ a: 'counter', change: { price }, note });
const signs: Step[] = [
  { a: 'sign', by: 'petani' },
  { a: 'sign', by: 'mitra' },
];
const approved: Step[] = [offer, ...signs];
/** Offered and signed by the mitra, countered (the signature voided), revised, then signed by both. */
const negotiated: Step[] = [
  offer,
  { a: 'sign', by: 'mitra' },
  counter(1.08, 'Harga pupuk dan upah panen naik musim ini.'),
  {
    a: 'revise',
    change: { price: 0.97, delivery_terms: 'Dijemput truk mitra di lahan, dikemas karung 50 kg.' },
    note: 'Harga di tengah, ongkos angkut ditanggung mitra.',
  },
  ...signs,
];
const delivered = (share: number, grade: 'A' | 'B' | 'C'): Step[] => [
  { a: 'deliver', share, grade },
  { a: 'confirm' },
];

export const PLOTS: Record<ContractStatus, Step[][]> = {
  pending: [
    [offer],
    [offer, { a: 'sign', by: 'mitra' }],
    [
      offer,
      counter(1.1, 'Mohon harga disesuaikan dengan harga pasar.'),
      { a: 'revise', change: { price: 0.95 } },
    ],
  ],
  negotiation: [
    [offer, counter(1.12, 'Kualitas gabah kami di atas rata-rata.')],
    [offer, counter(1.06, 'Jumlah bisa, harga perlu naik sedikit.'), { a: 'sign', by: 'petani' }],
  ],
  approved: [negotiated, approved],
  active: [
    [
      ...negotiated,
      { a: 'start', by: 'system' },
      ...delivered(0.4, 'A'),
      { a: 'deliver', share: 0.3, grade: 'B' },
    ],
    [...approved, { a: 'start', by: 'mitra' }],
    [...approved, { a: 'start', by: 'system' }, ...delivered(0.5, 'A')],
  ],
  completed: [
    [
      ...negotiated,
      { a: 'start', by: 'system' },
      ...delivered(0.5, 'A'),
      ...delivered(0.5, 'B'),
      { a: 'complete' },
    ],
    [
      ...approved,
      { a: 'start', by: 'mitra' },
      ...delivered(0.6, 'A'),
      ...delivered(0.3, 'C'),
      { a: 'complete', note: 'Sisa kuota tidak dipanen karena serangan hama; disepakati selesai.' },
    ],
  ],
  rejected: [
    [offer, { a: 'reject', note: 'Lahan akan ditanami komoditas lain musim ini.' }],
    [
      offer,
      counter(1.15, 'Harga terlalu rendah.'),
      { a: 'reject', note: 'Tidak tercapai kesepakatan harga.' },
    ],
  ],
  cancelled: [
    [offer, { a: 'cancel', by: 'mitra', reason: 'Kebutuhan pasokan sudah terpenuhi.' }],
    [offer, counter(1.1, 'Mohon harga dinaikkan.'), { a: 'cancel', by: 'petani' }],
    [...approved, { a: 'cancel', by: 'admin', reason: 'Mitra mengundurkan diri; disepakati kedua pihak.' }],
  ],
};

/** Share (percent) of each final status among the other demo contracts: the scale seed's mix. */
export const STATUS_MIX: [ContractStatus, number][] = [
  ['pending', 15],
  ['negotiation', 8],
  ['approved', 10],
  ['active', 25],
  ['completed', 25],
  ['rejected', 9],
  ['cancelled', 8],
];
