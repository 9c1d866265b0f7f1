/*
 * The contract lifecycle (CONTRACTS.md, issue 11), one table for the server and both apps: each status, its
 * label, the steps each role may take from it, and what it says about the contract. The server's rules
 * (modules/contracts/lifecycle.ts), the panel's buttons (cancel, the terms' lock, the status chip) and /akun's
 * (ContractActions, nextStep) are all read from here. How to add a status: src/shared/README.md.
 */

/** The two parties of a contract; `awaiting` and signatures name one of them. */
export const CONTRACT_PARTIES = ['petani', 'mitra'] as const;
export type ContractParty = (typeof CONTRACT_PARTIES)[number];

/** Who took a step: a party, an admin, or the system (the automatic start on start_date). */
export const CONTRACT_ACTOR_ROLES = ['admin', 'petani', 'mitra', 'system'] as const;
export type ContractActorRole = (typeof CONTRACT_ACTOR_ROLES)[number];

/**
 * Every step of a contract's timeline (contract_events.action): its label, and the status it leads to whatever
 * status it is taken from (`to`; null: the status stays, and sign decides approved itself, see afterSign).
 * `offer` creates a contract (`creators` may take it, from no status); `edit` is an admin's PUT.
 */
export const CONTRACT_STEPS = {
  offer: { label: 'Penawaran', to: 'pending' },
  counter: { label: 'Tawaran balik', to: 'negotiation' },
  revise: { label: 'Revisi', to: 'pending' },
  sign: { label: 'Tanda tangan', to: null },
  reject: { label: 'Ditolak', to: 'rejected' },
  cancel: { label: 'Dibatalkan', to: 'cancelled' },
  start: { label: 'Dimulai', to: 'active' },
  deliver: { label: 'Pengiriman', to: null },
  confirm: { label: 'Konfirmasi penerimaan', to: null },
  complete: { label: 'Selesai', to: 'completed' },
  edit: { label: 'Diubah admin', to: null },
  // The money of a contract (issue 31, SETTLEMENT_STEPS below): none changes the status.
  dispute: { label: 'Sanggahan pengiriman', to: null },
  resolve: { label: 'Sanggahan diselesaikan', to: null },
  advance: { label: 'Uang muka / sarana', to: null },
  confirm_advance: { label: 'Konfirmasi uang muka', to: null },
  pay: { label: 'Pembayaran', to: null },
  confirm_payment: { label: 'Konfirmasi pembayaran', to: null },
} as const satisfies Record<string, { label: string; to: string | null }>;
export type ContractAction = keyof typeof CONTRACT_STEPS;
export const CONTRACT_ACTIONS = Object.keys(CONTRACT_STEPS) as [ContractAction, ...ContractAction[]];
export const CONTRACT_ACTION_LABELS = Object.fromEntries(
  CONTRACT_ACTIONS.map((action) => [action, CONTRACT_STEPS[action].label]),
) as Record<ContractAction, string>;

/** What decides whose turn it is on a contract (contracts.awaiting). */
export interface AwaitingState {
  petaniSigned: boolean;
  mitraSigned: boolean;
  unconfirmedDeliveries: boolean;
  /** An advance or a payment awaits the petani's confirmation (issue 31); absent: none. */
  unconfirmedMoney?: boolean;
  /** Something delivered is still owed to the petani (contracts.settled_outstanding > 0); absent: nothing. */
  owed?: boolean;
}

export interface StatusEntry {
  /** The Indonesian label shown for the status everywhere (panel, /akun, /verifikasi, the server's 409s). */
  label: string;
  /** The steps each role may take from this status; a final status has none. */
  steps: Partial<Record<ContractActorRole, readonly ContractAction[]>>;
  /** Both parties have signed the terms in force: the parties see each other's contacts. */
  signed: boolean;
  /** Whose step it is (contracts.awaiting); null once nothing is awaited. */
  awaiting: (state: AwaitingState) => ContractParty | null;
  /** /akun's sentence of what happens next, per party. Not needed where the party may sign: it is their turn's. */
  next?: Record<ContractParty, string>;
}

const nobody = () => null;
/** After its end a contract still awaits its money: the petani's confirmation first, then the mitra's payment. */
const settling = (s: AwaitingState): ContractParty | null =>
  s.unconfirmedMoney ? 'petani' : s.owed ? 'mitra' : null;
const toBoth = (text: string): Record<ContractParty, string> => ({ petani: text, mitra: text });
const OFFERED: StatusEntry['steps'] = {
  petani: ['sign', 'reject', 'cancel'],
  mitra: ['sign', 'revise', 'cancel'],
  admin: ['cancel', 'edit'],
};

/** The statuses in the order of the database enum (a new one goes last: ALTER TYPE … ADD VALUE appends). */
export const CONTRACT_LIFECYCLE = {
  pending: {
    label: 'Pending',
    // A counter answers the mitra's (revised) offer; in negotiation it is the mitra's turn to revise.
    steps: { ...OFFERED, petani: ['sign', 'counter', 'reject', 'cancel'] },
    signed: false,
    awaiting: (s) => (s.petaniSigned ? 'mitra' : 'petani'),
  },
  negotiation: {
    label: 'Negosiasi',
    steps: OFFERED,
    signed: false,
    awaiting: (s) => (s.mitraSigned ? 'petani' : 'mitra'),
  },
  approved: {
    label: 'Disetujui',
    steps: { mitra: ['start'], system: ['start'], admin: ['cancel'] },
    signed: true,
    // An advance given before the start waits for the petani's confirmation.
    awaiting: (s) => (s.unconfirmedMoney ? 'petani' : 'mitra'),
    next: {
      petani: 'Kedua pihak sudah menandatangani. Menunggu mitra memulai kontrak.',
      mitra: 'Kedua pihak sudah menandatangani. Mulai kontrak saat pelaksanaan dimulai.',
    },
  },
  active: {
    label: 'Aktif',
    steps: { mitra: ['deliver', 'complete'], petani: ['confirm'], admin: ['cancel'] },
    signed: true,
    awaiting: (s) => (s.unconfirmedDeliveries || s.unconfirmedMoney ? 'petani' : 'mitra'),
    next: {
      petani: 'Konfirmasi setiap pengiriman yang sudah Anda terima.',
      mitra: 'Catat setiap pengiriman; selesaikan kontrak setelah petani mengonfirmasi semuanya.',
    },
  },
  completed: {
    label: 'Selesai',
    steps: {},
    signed: true,
    awaiting: settling,
    next: toBoth('Kontrak selesai. Tidak ada langkah lagi.'),
  },
  rejected: {
    label: 'Ditolak',
    steps: {},
    signed: false,
    awaiting: nobody,
    next: toBoth('Kontrak tidak berlanjut. Tidak ada langkah lagi.'),
  },
  cancelled: {
    label: 'Dibatalkan',
    steps: {},
    signed: false,
    awaiting: settling,
    next: toBoth('Kontrak tidak berlanjut. Tidak ada langkah lagi.'),
  },
} as const satisfies Record<string, StatusEntry>;

export type ContractStatus = keyof typeof CONTRACT_LIFECYCLE;
export const CONTRACT_STATUSES = Object.keys(CONTRACT_LIFECYCLE) as [ContractStatus, ...ContractStatus[]];

const entry = (status: ContractStatus): StatusEntry => CONTRACT_LIFECYCLE[status];

/** Where each step leads (CONTRACT_STEPS' `to`), each a status of the table. */
export const STEP_TARGETS: Record<ContractAction, ContractStatus | null> = Object.fromEntries(
  CONTRACT_ACTIONS.map((action) => [action, CONTRACT_STEPS[action].to]),
) as { [A in ContractAction]: (typeof CONTRACT_STEPS)[A]['to'] };
const OFFER_CREATORS: readonly ContractActorRole[] = ['mitra', 'admin'];

/**
 * The steps on a contract's money (issue 31): who takes each and from which statuses. They never change the
 * status and may follow its end (a completed contract is still paid), so they are kept apart from the table
 * above, whose steps alone decide whether a status is final.
 */
export const SETTLEMENT_STEPS = {
  dispute: { petani: ['active'] },
  // A dispute outlives a cancel: what was delivered is settled all the same.
  resolve: { admin: ['active', 'cancelled'] },
  advance: { mitra: ['approved', 'active'] },
  confirm_advance: { petani: ['approved', 'active', 'completed', 'cancelled'] },
  pay: { mitra: ['active', 'completed', 'cancelled'] },
  confirm_payment: { petani: ['active', 'completed', 'cancelled'] },
} as const satisfies Partial<
  Record<ContractAction, Partial<Record<ContractActorRole, readonly ContractStatus[]>>>
>;
export type SettlementAction = keyof typeof SETTLEMENT_STEPS;
const settlementFrom = (action: ContractAction, role: ContractActorRole): readonly ContractStatus[] =>
  (
    SETTLEMENT_STEPS as Partial<
      Record<ContractAction, Partial<Record<ContractActorRole, readonly ContractStatus[]>>>
    >
  )[action]?.[role] ?? [];

/** The steps `role` may take from `status`: its lifecycle steps, then its steps on the money. */
export const stepsFrom = (status: ContractStatus, role: ContractActorRole): readonly ContractAction[] => [
  ...(entry(status).steps[role] ?? []),
  ...CONTRACT_ACTIONS.filter((action) => settlementFrom(action, role).includes(status)),
];

export const canTake = (action: ContractAction, role: ContractActorRole, from: ContractStatus): boolean =>
  stepsFrom(from, role).includes(action);

/** The statuses `role` may take `action` from; empty when the role may never take it. */
export const allowedFrom = (action: ContractAction, role: ContractActorRole): readonly ContractStatus[] =>
  CONTRACT_STATUSES.filter((status) => canTake(action, role, status));

/** Whether `role` may ever take `action` (else the answer is 403 INVALID_ROLE, whatever the status). */
export const mayTake = (action: ContractAction, role: ContractActorRole): boolean =>
  (action === 'offer' && OFFER_CREATORS.includes(role)) || allowedFrom(action, role).length > 0;

/** The status after `action` from `from` (sign: see afterSign). */
export const statusAfter = (action: ContractAction, from: ContractStatus): ContractStatus =>
  STEP_TARGETS[action] ?? from;

/** Sign: approved once both parties signed the current version, else unchanged. */
export const afterSign = (from: ContractStatus, bothSigned: boolean): ContractStatus =>
  bothSigned ? 'approved' : from;

/** Whose step it is (contracts.awaiting); null once the contract is final. */
export const awaitingParty = (state: AwaitingState & { status: ContractStatus }): ContractParty | null =>
  entry(state.status).awaiting(state);

/** A status nobody can take a step from: the contract has ended. */
export const isFinal = (status: ContractStatus): boolean =>
  Object.values(entry(status).steps).every((steps) => steps.length === 0);

export const FINAL_STATUSES: readonly ContractStatus[] = CONTRACT_STATUSES.filter(isFinal);
/** Statuses in which a contract holds its lahan: every one before an end. */
export const LIVE_STATUSES: readonly ContractStatus[] = CONTRACT_STATUSES.filter((s) => !isFinal(s));
/** Statuses in which both parties signed the terms in force (they may see each other's contacts). */
export const SIGNED_STATUSES: readonly ContractStatus[] = CONTRACT_STATUSES.filter((s) => entry(s).signed);
/** Signed and not ended: the contract binds both parties now (the panel's green 'Active', the value under contract). */
export const UNDER_CONTRACT: readonly ContractStatus[] = SIGNED_STATUSES.filter((s) => !isFinal(s));

const isStatus = (status: unknown): status is ContractStatus =>
  typeof status === 'string' && Object.hasOwn(CONTRACT_LIFECYCLE, status);

/** The steps `role` may take on a contract of `status` as the apps receive it (an unknown status allows none). */
export const stepsOn = (status: unknown, role: ContractActorRole): readonly ContractAction[] =>
  isStatus(status) ? stepsFrom(status, role) : [];

/** Whether a contract of `status` binds both parties now (see UNDER_CONTRACT). */
export const isUnderContract = (status: unknown): boolean =>
  isStatus(status) && UNDER_CONTRACT.includes(status);

/** Whether a contract of `status` as the apps receive it has ended (completed, rejected, cancelled). */
export const hasEnded = (status: unknown): boolean => isStatus(status) && isFinal(status);

/** The label of a contract status; an unknown one as it is. */
export const contractStatusLabel = (status: unknown): string =>
  isStatus(status) ? entry(status).label : String(status ?? '-');

/** /akun's sentence of what happens next for `party` where they may not sign (see nextStep). */
export const nextSentence = (status: unknown, party: ContractParty): string | undefined =>
  isStatus(status) ? entry(status).next?.[party] : undefined;
