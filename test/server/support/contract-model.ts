/**
 * A model of one contract's lifecycle: what the server must answer to a step and what the step changes.
 * Who may take a step from which status comes from the state machine's table (see `rules` below); the rest
 * (signatures of the current version, deliveries, bodies) from the contract design (docs/API.md).
 */
import { expect } from 'vitest';
import type { ContractStatus } from '../../../src/shared/constants.js';
import { LIFECYCLE } from '../../../src/server/modules/contracts/lifecycle.js';
import {
  STEP_ACTIONS,
  type Actor,
  type PartyRole,
  type Snapshot,
  type StepAction,
  type StepOptions,
} from './contract-steps.js';

export type StepRole = 'admin' | PartyRole;

/** Who may take a step and from which statuses, and where it leads (undefined: the status stays). */
export interface Rule {
  from: Partial<Record<StepRole, readonly ContractStatus[]>>;
  to?: ContractStatus;
}

const OPEN = ['pending', 'negotiation'] as const;

/** The state machine of CONTRACTS.md (the lead's design of issue 11). */
export const DESIGN_RULES: Record<StepAction, Rule> = {
  counter: { from: { petani: ['pending'] }, to: 'negotiation' },
  revise: { from: { mitra: OPEN }, to: 'pending' },
  sign: { from: { petani: OPEN, mitra: OPEN } },
  reject: { from: { petani: OPEN }, to: 'rejected' },
  cancel: {
    from: { petani: OPEN, mitra: OPEN, admin: [...OPEN, 'approved', 'active'] },
    to: 'cancelled',
  },
  start: { from: { mitra: ['approved'] }, to: 'active' },
  deliver: { from: { mitra: ['active'] } },
  confirm: { from: { petani: ['active'] } },
  complete: { from: { mitra: ['active'] }, to: 'completed' },
};

const STEP_ROLES: readonly StepRole[] = ['admin', 'petani', 'mitra'];

/** The server's own state-machine table (modules/contracts/lifecycle.ts) as rules of the steps a caller takes. */
export const SERVER_RULES = Object.fromEntries(
  STEP_ACTIONS.map((action) => {
    const step = LIFECYCLE[action];
    const from = Object.fromEntries(
      Object.entries(step.from).filter(([role]) => STEP_ROLES.includes(role as StepRole)),
    );
    return [action, { from, to: step.to ?? undefined }];
  }),
) as Record<StepAction, Rule>;

export interface ModelDelivery {
  id: number;
  confirmed: boolean;
}

export interface Model {
  status: ContractStatus;
  version: number;
  price: number;
  signed: Record<PartyRole, boolean>;
  deliveries: ModelDelivery[];
}

export const newModel = (price: number): Model => ({
  status: 'pending',
  version: 1,
  price,
  signed: { petani: false, mitra: false },
  deliveries: [],
});

/** What the server must answer: the HTTP status, and the error code or field of a refusal. */
export interface Expected {
  status: number;
  code?: string;
  field?: string;
}

const roleOf = (actor: Actor): StepRole | 'other' | 'anonymous' =>
  actor === 'otherPetani' || actor === 'otherMitra' ? 'other' : actor;

/** The answer to `action` by `actor` in the state `model`, per the rules. */
export function expectedAnswer(
  rules: Record<StepAction, Rule>,
  model: Model,
  action: StepAction,
  actor: Actor,
  options: StepOptions,
): Expected {
  const role = roleOf(actor);
  if (role === 'anonymous') return { status: 401, code: 'UNAUTHORIZED' };
  if (role === 'other') return { status: 404, code: 'NOT_FOUND' };
  const allowedFrom = rules[action].from[role];
  if (!allowedFrom) return { status: 403, code: 'INVALID_ROLE' };
  if (action === 'sign' && 'consent' in options && options.consent !== true)
    return { status: 400, field: 'consent' };
  // Checked once the step could be taken: the status, then the step's own conditions.
  if (!allowedFrom.includes(model.status)) return { status: 409, code: 'CONFLICT' };
  if (action === 'sign' && model.signed[role as PartyRole]) return { status: 409, code: 'CONFLICT' };
  if (action === 'sign' && options.wrongPassword) return { status: 400, field: 'password' };
  // A signature binds the version its signer read: another than the current one is refused.
  if (action === 'sign' && (options.termsVersion ?? model.version) !== model.version)
    return { status: 409, code: 'CONFLICT', field: 'terms_version' };
  if (action === 'cancel' && role === 'admin' && !options.reason) return { status: 400, field: 'reason' };
  if ((action === 'counter' || action === 'revise') && (options.price ?? model.price) === model.price)
    return { status: 400, code: 'VALIDATION_ERROR' };
  const delivery = model.deliveries.find((d) => d.id === options.deliveryId);
  if (action === 'confirm' && (!delivery || delivery.confirmed))
    return { status: delivery ? 409 : 404, code: delivery ? 'CONFLICT' : 'NOT_FOUND' };
  if (action === 'complete' && (model.deliveries.length === 0 || model.deliveries.some((d) => !d.confirmed)))
    return { status: 409, code: 'CONFLICT' };
  return { status: action === 'deliver' ? 201 : 200 };
}

/** The state after a step the server took. */
export function applyStep(
  rules: Record<StepAction, Rule>,
  model: Model,
  action: StepAction,
  actor: Actor,
  options: StepOptions,
  deliveryId?: number,
): Model {
  const next: Model = structuredClone(model);
  if (action === 'counter' || action === 'revise') {
    next.version += 1;
    next.price = options.price!;
    next.signed = { petani: false, mitra: false };
  }
  if (action === 'sign') {
    next.signed[actor as PartyRole] = true;
    if (next.signed.petani && next.signed.mitra) next.status = 'approved';
  }
  if (action === 'deliver') next.deliveries.push({ id: deliveryId!, confirmed: false });
  if (action === 'confirm') next.deliveries.find((d) => d.id === options.deliveryId)!.confirmed = true;
  next.status = rules[action].to ?? next.status;
  return next;
}

/** The lahan's status while its contract is in `status`: held while open, worked while active, free after. */
export function lahanOf(status: ContractStatus): string {
  if (status === 'active') return 'on_going';
  if (status === 'completed') return 'completed';
  return status === 'rejected' || status === 'cancelled' ? 'active' : 'negotiation';
}

/** Whose step it is (the record's `awaiting`). */
export function awaitingOf(model: Pick<Model, 'status' | 'signed' | 'deliveries'>): PartyRole | null {
  switch (model.status) {
    case 'pending':
      return model.signed.petani ? 'mitra' : 'petani';
    case 'negotiation':
      return model.signed.mitra ? 'petani' : 'mitra';
    case 'approved':
      return 'mitra';
    case 'active':
      return model.deliveries.some((d) => !d.confirmed) ? 'petani' : 'mitra';
    case 'completed':
    case 'cancelled':
      // Its deliveries are worth something and nothing is paid in these sequences: still the mitra's to pay.
      return model.deliveries.some((d) => d.confirmed) ? 'mitra' : null;
    default:
      return null;
  }
}

const SIGNED = new Set<ContractStatus>(['approved', 'active', 'completed']);

/**
 * The invariants of any reachable state, read from the server alone: versions numbered 1..n with the record
 * on the last, the events a chain from the offer to the record's status, old versions' signatures voided,
 * both parties signed once approved, the lahan following the contract, `awaiting` whose step it is.
 */
export function expectConsistent(snap: Snapshot, label: string): void {
  const { contract, events, terms, signatures, deliveries } = snap;
  const version = contract.terms_version as number;
  expect(
    terms.map((t) => t.version),
    label,
  ).toEqual(Array.from({ length: version }, (_, i) => i + 1));
  expect(events[0], label).toMatchObject({ action: 'offer', to_status: 'pending', terms_version: 1 });
  for (let i = 1; i < events.length; i++)
    expect(events[i]!.from_status, `${label}: event ${i} follows event ${i - 1}`).toBe(
      events[i - 1]!.to_status,
    );
  expect(events.at(-1)!.to_status, label).toBe(contract.status);
  expect(events.at(-1)!.terms_version, label).toBe(version);
  for (const s of signatures) {
    if (s.terms_version < version) expect(s.voided_at, `${label}: old signature voided`).not.toBeNull();
    else expect(s.voided_at, `${label}: current signature valid`).toBeNull();
  }
  const live = (role: PartyRole) =>
    signatures.some((s) => s.signer_role === role && s.terms_version === version && s.voided_at === null);
  const signed = { petani: live('petani'), mitra: live('mitra') };
  expect(contract.petani_signed_at !== null, `${label}: petani_signed_at`).toBe(signed.petani);
  expect(contract.mitra_signed_at !== null, `${label}: mitra_signed_at`).toBe(signed.mitra);
  const status = contract.status as ContractStatus;
  if (SIGNED.has(status)) expect(signed, `${label}: both signed`).toEqual({ petani: true, mitra: true });
  if (status === 'pending' || status === 'negotiation')
    expect(signed.petani && signed.mitra, `${label}: not both signed while open`).toBe(false);
  if (status !== 'active' && status !== 'completed' && status !== 'cancelled')
    expect(deliveries, `${label}: no deliveries before active`).toEqual([]);
  if (status === 'completed') {
    expect(deliveries.length, label).toBeGreaterThan(0);
    expect(
      deliveries.every((d) => d.confirmed_at !== null),
      `${label}: all confirmed`,
    ).toBe(true);
  }
  if (snap.lahanStatus !== undefined) expect(snap.lahanStatus, `${label}: lahan`).toBe(lahanOf(status));
  const model = {
    status,
    signed,
    deliveries: deliveries.map((d) => ({ confirmed: d.confirmed_at !== null })),
  };
  expect(contract.awaiting, `${label}: awaiting`).toBe(awaitingOf(model as Model));
}

/** A taken step added exactly one event (and one audit row), naming the step, the statuses and the version. */
export function expectOneEvent(before: Snapshot, after: Snapshot, action: StepAction, label: string): void {
  expect(after.events.length, `${label}: one new event`).toBe(before.events.length + 1);
  expect(after.events.at(-1), label).toMatchObject({
    action,
    from_status: before.contract.status,
    to_status: after.contract.status,
    terms_version: after.contract.terms_version,
  });
  expect(after.auditRows, `${label}: one audit row`).toBe(before.auditRows + 1);
}
