import type { ContractStatus, LahanStatus } from '../../../shared/constants.js';
import type { ContractAction, ContractActorRole, ContractParty } from '../../../shared/contracts.js';

/**
 * The contract state machine (CONTRACTS.md, issue 11), a pure table: which role may take which step from
 * which status, and where it leads. The service applies it in one conditional UPDATE; the property test
 * and the UI read it. `offer` creates a contract (no `from`); `edit` is an admin's PUT.
 */
export interface Step {
  /** The statuses each role may take the step from; a role not listed may never take it (403). */
  readonly from: Partial<Record<ContractActorRole, readonly ContractStatus[]>>;
  /** The status after the step; `null`: unchanged (sign decides approved itself, see afterSign). */
  readonly to: ContractStatus | null;
}

const OPEN: readonly ContractStatus[] = ['pending', 'negotiation'];

export const LIFECYCLE = {
  offer: { from: { mitra: [], admin: [] }, to: 'pending' },
  // In negotiation it is the mitra's turn (revise): the petani counters a pending offer only.
  counter: { from: { petani: ['pending'] }, to: 'negotiation' },
  revise: { from: { mitra: OPEN }, to: 'pending' },
  sign: { from: { petani: OPEN, mitra: OPEN }, to: null },
  reject: { from: { petani: OPEN }, to: 'rejected' },
  cancel: {
    from: { petani: OPEN, mitra: OPEN, admin: [...OPEN, 'approved', 'active'] },
    to: 'cancelled',
  },
  start: { from: { mitra: ['approved'], system: ['approved'] }, to: 'active' },
  deliver: { from: { mitra: ['active'] }, to: null },
  confirm: { from: { petani: ['active'] }, to: null },
  complete: { from: { mitra: ['active'] }, to: 'completed' },
  edit: { from: { admin: OPEN }, to: null },
} as const satisfies Record<ContractAction, Step>;

/** The steps a party takes on an existing contract through `POST /contract/{id}/<action>`. */
export type ContractStep = Exclude<ContractAction, 'offer' | 'edit'>;

export const FINAL_STATUSES: readonly ContractStatus[] = ['completed', 'rejected', 'cancelled'];

/** The statuses `role` may take `action` from; empty when the role may never take it. */
export const allowedFrom = (action: ContractAction, role: ContractActorRole): readonly ContractStatus[] =>
  (LIFECYCLE[action].from as Step['from'])[role] ?? [];

/** Whether `role` may ever take `action` (else the answer is 403 INVALID_ROLE, whatever the status). */
export const mayTake = (action: ContractAction, role: ContractActorRole): boolean =>
  role in LIFECYCLE[action].from;

export const canTake = (action: ContractAction, role: ContractActorRole, from: ContractStatus): boolean =>
  allowedFrom(action, role).includes(from);

/** The status after `action` from `from` (sign: see afterSign). */
export const statusAfter = (action: ContractAction, from: ContractStatus): ContractStatus =>
  LIFECYCLE[action].to ?? from;

/** Sign: approved once both parties signed the current version, else unchanged. */
export const afterSign = (from: ContractStatus, bothSigned: boolean): ContractStatus =>
  bothSigned ? 'approved' : from;

export interface AwaitingState {
  status: ContractStatus;
  petaniSigned: boolean;
  mitraSigned: boolean;
  unconfirmedDeliveries: boolean;
}

/** Whose step it is (contracts.awaiting); null once the contract is final. */
export function awaitingParty(state: AwaitingState): ContractParty | null {
  switch (state.status) {
    case 'pending':
      return state.petaniSigned ? 'mitra' : 'petani';
    case 'negotiation':
      return state.mitraSigned ? 'petani' : 'mitra';
    case 'approved':
      return 'mitra';
    case 'active':
      return state.unconfirmedDeliveries ? 'petani' : 'mitra';
    default:
      return null;
  }
}

/**
 * What a step does to the contract's lahan: `to` only when the lahan is in one of `from` (a single
 * conditional UPDATE). `release` (reject, cancel): back to active only when no other live contract holds it.
 */
export interface LahanEffect {
  from: readonly LahanStatus[];
  to: LahanStatus;
  release?: boolean;
}

const RELEASE: LahanEffect = { from: ['negotiation', 'on_going'], to: 'active', release: true };

export const LAHAN_EFFECTS: Partial<Record<ContractAction, LahanEffect>> = {
  offer: { from: ['active'], to: 'negotiation' },
  reject: RELEASE,
  cancel: RELEASE,
  start: { from: ['negotiation', 'active'], to: 'on_going' },
  complete: { from: ['on_going'], to: 'completed' },
};

/** Statuses in which a contract holds its lahan. */
export const LIVE_STATUSES: readonly ContractStatus[] = ['pending', 'negotiation', 'approved', 'active'];
