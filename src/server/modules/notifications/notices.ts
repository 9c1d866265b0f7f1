import { eq } from 'drizzle-orm';
import type { ContractAction, ContractStatus } from '../../../shared/contract-lifecycle.js';
import { notifications as T } from '../../../shared/messages/notifications.js';
import { NOTIFICATION_LINKS as LINKS, type NotificationKind } from '../../../shared/notifications.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { users } from '../../db/schema.js';
import { notify, type NotificationItem } from './service.js';

/*
 * Who is told of what: the notifications each change writes, in the transaction of the change (notify).
 * Callers pass plain values, so this module imports none of theirs.
 */

/** A step taken on a contract, as contracts/events.ts recordEvents records it. */
export interface ContractStepNotice {
  contractId: number;
  action: ContractAction;
  /** Who took it; null: the system (the automatic start). */
  actor: { id: number | null };
  /** The status it led to (a signature that made the contract approved is an approval). */
  to: ContractStatus;
  /** The contract as the step left it: its title and parties (null: an account deleted since). */
  contract: { title: string; petani_id: number | null; mitra_id: number | null };
}

type ContractKind = keyof typeof T.contractTitles;

/** The steps that tell the other party; a step without a kind here tells nobody. */
const STEP_KINDS: Partial<Record<ContractAction, ContractKind>> = {
  offer: 'contract.offer',
  counter: 'contract.counter',
  revise: 'contract.revise',
  edit: 'contract.edit',
  sign: 'contract.sign',
  start: 'contract.start',
  deliver: 'contract.delivery',
  confirm: 'contract.delivery_confirmed',
  complete: 'contract.complete',
  reject: 'contract.reject',
  cancel: 'contract.cancel',
  advance: 'contract.advance',
  confirm_advance: 'contract.advance_confirmed',
  pay: 'contract.payment',
  confirm_payment: 'contract.payment_confirmed',
  dispute: 'contract.dispute',
  resolve: 'contract.resolve',
};

const kindOf = (step: ContractStepNotice): ContractKind | undefined =>
  step.action === 'sign' && step.to === 'approved' ? 'contract.approve' : STEP_KINDS[step.action];

/**
 * Every step concerns both parties, and whoever did not take it is told: the other party (it is usually their
 * turn), or both when an admin or the system took it. A party whose account was deleted is nobody to tell.
 */
export function contractStepItems(step: ContractStepNotice): NotificationItem[] {
  const { contractId, contract } = step;
  const kind = kindOf(step);
  if (kind === undefined) return [];
  return [contract.petani_id, contract.mitra_id]
    .filter((userId): userId is number => userId !== null && userId !== step.actor.id)
    .map((userId) => ({
      userId,
      kind,
      title: T.contractTitles[kind](contractId, contract.title),
      link: LINKS.accountContract(contractId),
      contractId,
    }));
}

/** The notifications of contract steps, in the transaction that took them. */
export const notifyContractSteps = (tx: Db | Tx, steps: readonly ContractStepNotice[]) =>
  notify(tx, steps.flatMap(contractStepItems));

/** An admin's decision on a person's verification: the person is told. */
export const notifyPersonVerification = (tx: Db | Tx, userId: number, verified: boolean) =>
  notify(tx, [
    {
      userId,
      kind: 'person.verification',
      title: verified ? T.personVerified : T.personUnverified,
      link: LINKS.account(),
    },
  ]);

/** An admin verified a lahan: its owner is told. */
export const notifyLahanVerified = (tx: Db | Tx, lahan: { petani_id: number; nama_lahan: string }) =>
  notify(tx, [
    {
      userId: lahan.petani_id,
      kind: 'lahan.verification',
      title: T.lahanVerified(lahan.nama_lahan),
      link: LINKS.account(),
    },
  ]);

/** Every admin, to whom what waits for an admin goes. */
async function notifyAdmins(tx: Db | Tx, kind: NotificationKind, title: string, link: string) {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  return notify(
    tx,
    admins.map((admin) => ({ userId: admin.id, kind, title, link })),
  );
}

/** What every admin is told of a new petani or mitra waiting for verification. */
export const registrationNotice = (person: { userId: number; role: 'petani' | 'mitra'; name: string }) => ({
  kind: 'registration.new' as const,
  title: T.registration(person.role, person.name),
  link: LINKS.adminPerson(person.role, person.userId),
});

/** A new petani or mitra signed up and waits for verification: every admin is told. */
export const notifyRegistration = (
  tx: Db | Tx,
  person: { userId: number; role: 'petani' | 'mitra'; name: string },
) => {
  const { kind, title, link } = registrationNotice(person);
  return notifyAdmins(tx, kind, title, link);
};

/** A petani added a lahan, which waits for verification: every admin is told. */
export const notifyLahanPending = (tx: Db | Tx, lahan: { id: number; nama_lahan: string; owner: string }) =>
  notifyAdmins(tx, 'lahan.new', T.lahanNew(lahan.nama_lahan, lahan.owner), LINKS.adminLahan(lahan.id));

/** A petani disputed a delivery, which waits for an admin's resolution: every admin is told. */
export const notifyDispute = (tx: Db | Tx, contract: { id: number; title: string }) =>
  notifyAdmins(
    tx,
    'contract.dispute',
    T.contractTitles['contract.dispute'](contract.id, contract.title),
    LINKS.adminContracts(),
  );
