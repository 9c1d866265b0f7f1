import { CONTRACT_STATUSES, type ContractStatus } from '../../../../shared/constants.js';
import { DEFAULT_PAYMENT_DAYS, type AdvanceKind, type PaymentMethod } from '../../../../shared/settlement.js';
import { gradesABC, playStory, type Step, type Terms } from './contract-story.js';

/**
 * The histories demo contracts are given (seed data): each ends in the status the lifecycle takes it to. Between
 * the demo petani and the demo mitra the first of each status is played, so that both find a contract waiting
 * for them (README), and the other completed ones (PAIR_MONEY), so that both see every payment state.
 */
const offer: Step = { a: 'offer' };
/** An offer whose payment days run past today (contracts meant to show a payment not yet due). */
const offerNotYetDue: Step = { a: 'offer', payment: 'not_yet_due' };
const counter = (price: number, note: string): Step => ({ a: 'counter', change: { price }, note });
const signs: Step[] = [
  { a: 'sign', by: 'petani' },
  { a: 'sign', by: 'mitra' },
];
const approved = (first = offer): Step[] => [first, ...signs];
/** Offered and signed by the mitra, countered (the signature voided), revised, then signed by both. */
const negotiated = (first = offer): Step[] => [
  first,
  { a: 'sign', by: 'mitra' },
  counter(1.08, 'Harga pupuk dan upah panen naik musim ini.'),
  {
    a: 'revise',
    change: { price: 0.97, delivery_terms: 'Dijemput truk mitra di lahan, dikemas karung 50 kg.' },
    note: 'Harga di tengah, ongkos angkut ditanggung mitra.',
  },
  ...signs,
];
const delivered = (share: number, grade: string, rejected?: { share: number; reason: string }): Step[] => [
  { a: 'deliver', share, grade, ...(rejected && { rejected: rejected.share, reason: rejected.reason }) },
  { a: 'confirm' },
];
const advanced = (kind: AdvanceKind, share: number, note: string): Step[] => [
  { a: 'advance', kind, share, note },
  { a: 'confirm_advance' },
];
const paid = (share: number, method: PaymentMethod): Step[] => [
  { a: 'pay', share, method },
  { a: 'confirm_payment' },
];
const WET = { share: 0.05, reason: 'Kadar air di atas 14%, tidak lolos sortasi.' };
const ROTTEN = { share: 0.1, reason: 'Sebagian hasil busuk dan rusak saat pengangkutan.' };

/*
 * The payment states (unpaid, partial, paid, overdue) each come from stories below: an offer not yet due gives
 * the petani payment days past today; the others are the default days after deliveries long confirmed.
 */
const STORIES: Step[][] = [
  [offer],
  [offer, { a: 'sign', by: 'mitra' }],
  [
    offer,
    counter(1.1, 'Mohon harga disesuaikan dengan harga pasar.'),
    { a: 'revise', change: { price: 0.95 } },
  ],
  [offer, counter(1.12, 'Kualitas gabah kami di atas rata-rata.')],
  [offer, counter(1.06, 'Jumlah bisa, harga perlu naik sedikit.'), { a: 'sign', by: 'petani' }],
  negotiated(),
  approved(),
  // Active, unpaid: seed advanced, a delivery confirmed (part of it rejected), the next not yet confirmed.
  [
    ...negotiated(offerNotYetDue),
    ...advanced('benih', 0.08, 'Benih unggul bersertifikat untuk satu musim tanam.'),
    { a: 'start', by: 'system' },
    ...delivered(0.4, 'A', WET),
    { a: 'deliver', share: 0.3, grade: 'B' },
  ],
  // Active, nothing delivered yet; fertiliser advanced, not yet confirmed by the petani.
  [
    ...approved(),
    { a: 'start', by: 'mitra' },
    { a: 'advance', kind: 'pupuk', share: 0.05, note: 'Pupuk NPK 10 karung.' },
  ],
  // Active, partial: one payment confirmed, another not yet.
  [
    ...approved(offerNotYetDue),
    { a: 'start', by: 'system' },
    ...delivered(0.5, 'A'),
    ...paid(0.4, 'transfer'),
    { a: 'pay', share: 0.3, method: 'e_wallet' },
  ],
  // Active, overdue: a cash advance, a delivery part rejected and part paid, the next disputed.
  [
    ...approved(),
    ...advanced('uang_tunai', 0.05, 'Uang muka untuk upah tanam.'),
    { a: 'start', by: 'system' },
    ...delivered(0.4, 'B', ROTTEN),
    ...paid(0.3, 'transfer'),
    { a: 'deliver', share: 0.2, grade: 'A' },
    { a: 'dispute', reason: 'Berat di timbangan kami 10% lebih besar dari yang dicatat.' },
  ],
  // Completed and paid in two transfers.
  [
    ...negotiated(),
    { a: 'start', by: 'system' },
    ...delivered(0.5, 'A'),
    ...delivered(0.5, 'B'),
    { a: 'complete' },
    ...paid(0.6, 'transfer'),
    ...paid(1, 'transfer'),
  ],
  // Completed, overdue: half paid in cash.
  [
    ...approved(),
    { a: 'start', by: 'mitra' },
    ...delivered(0.6, 'A'),
    ...delivered(0.3, 'C'),
    { a: 'complete', note: 'Sisa kuota tidak dipanen karena serangan hama; disepakati selesai.' },
    ...paid(0.5, 'tunai'),
  ],
  // Completed, partial and not yet due: fertiliser advanced, half of the rest paid.
  [
    ...approved(offerNotYetDue),
    ...advanced('pupuk', 0.1, 'Pupuk urea dan NPK untuk satu musim.'),
    { a: 'start', by: 'mitra' },
    ...delivered(0.5, 'A'),
    ...delivered(0.45, 'B', WET),
    { a: 'complete' },
    ...paid(0.5, 'transfer'),
  ],
  [offer, { a: 'reject', note: 'Lahan akan ditanami komoditas lain musim ini.' }],
  [offer, counter(1.15, 'Harga terlalu rendah.'), { a: 'reject', note: 'Tidak tercapai kesepakatan harga.' }],
  [offer, { a: 'cancel', by: 'mitra', reason: 'Kebutuhan pasokan sudah terpenuhi.' }],
  [offer, counter(1.1, 'Mohon harga dinaikkan.'), { a: 'cancel', by: 'petani' }],
  [...approved(), { a: 'cancel', by: 'admin', reason: 'Mitra mengundurkan diri; disepakati kedua pihak.' }],
];

/** Share (percent) of each final status among the other demo contracts; a status not listed here gets 5. */
const SHARES: Partial<Record<ContractStatus, number>> = {
  pending: 15,
  negotiation: 8,
  approved: 10,
  active: 25,
  completed: 25,
  rejected: 9,
  cancelled: 8,
};
export const STATUS_MIX: [ContractStatus, number][] = CONTRACT_STATUSES.map((s) => [s, SHARES[s] ?? 5]);

/** Terms to play a story on where only its steps matter (also the scale seed's histories). */
export const SAMPLE_TERMS: Terms = {
  price: 5000,
  prices: gradesABC(5000),
  payment_days: DEFAULT_PAYMENT_DAYS,
  quantity: 1000,
  unit: 'kg',
  start_date: '2025-01-01',
  end_date: '2025-06-01',
  delivery_terms: null,
};
const endStatus = (steps: Step[]) => playStory(SAMPLE_TERMS, steps, new Date(0), 1).status;

/** One of each step the stories know, for finding a story to a status that none of STORIES ends in. */
const ANY_STEP: Step[] = [
  { a: 'sign', by: 'petani' },
  { a: 'sign', by: 'mitra' },
  { a: 'counter', change: { price: 1.05 } },
  { a: 'revise', change: { price: 0.98 } },
  { a: 'reject' },
  ...(['petani', 'mitra', 'admin'] as const).map((by): Step => ({ a: 'cancel', by })),
  { a: 'start', by: 'mitra' },
  ...delivered(1, 'A'),
  { a: 'complete' },
];

/** The shortest story the lifecycle table allows from an offer to `status` (breadth first, each state once). */
export function storyTo(status: ContractStatus): Step[] {
  let paths: Step[][] = [[offer]];
  const seen = new Set<string>();
  while (paths.length) {
    const next: Step[][] = [];
    for (const path of paths) {
      const story = playStory(SAMPLE_TERMS, path, new Date(0), 1);
      if (story.status === status) return path;
      const state = JSON.stringify([
        story.status,
        story.signed,
        story.deliveries.map((d) => !d.confirmed_at),
      ]);
      if (seen.has(state)) continue;
      seen.add(state);
      for (const step of ANY_STEP) {
        try {
          endStatus([...path, step]);
          next.push([...path, step]);
        } catch {
          // a step the table does not allow here
        }
      }
    }
    paths = next;
  }
  throw new Error(`demo seed: no story of the lifecycle ends in ${status}`);
}

/**
 * The stories by the status they end in, as the lifecycle plays them; a status none of STORIES ends in gets
 * the shortest story to it, so that a new status needs no seed edit.
 */
export const PLOTS = Object.fromEntries(
  CONTRACT_STATUSES.map((status) => {
    const told = STORIES.filter((steps) => endStatus(steps) === status);
    return [status, told.length ? told : [storyTo(status)]];
  }),
) as Record<ContractStatus, Step[][]>;

/** The demo pair's contracts beyond the first of each status: the other completed stories (overdue, partial). */
export const PAIR_MONEY: Step[][] = PLOTS.completed.slice(1);
