import type { LahanStatus } from '../../../shared/constants.js';
import {
  allowedFrom,
  mayTake,
  STEP_TARGETS,
  type ContractStatus,
  type SettlementAction,
} from '../../../shared/contract-lifecycle.js';
import {
  CONTRACT_ACTIONS,
  CONTRACT_ACTOR_ROLES,
  type ContractAction,
  type ContractActorRole,
} from '../../../shared/contracts.js';

/*
 * The contract state machine is the lifecycle table of src/shared/contract-lifecycle.ts (statuses and the
 * steps each role may take from them); the server applies it in one conditional UPDATE per step. What is the
 * server's own: a step's effect on the lahan (LAHAN_EFFECTS below).
 */
export {
  afterSign,
  allowedFrom,
  awaitingParty,
  canTake,
  FINAL_STATUSES,
  LIVE_STATUSES,
  mayTake,
  statusAfter,
  type AwaitingState,
  type SettlementAction,
  SETTLEMENT_STEPS,
} from '../../../shared/contract-lifecycle.js';

export interface Step {
  /** The statuses each role may take the step from; a role not listed may never take it (403). */
  readonly from: Partial<Record<ContractActorRole, readonly ContractStatus[]>>;
  /** The status after the step; `null`: unchanged (sign decides approved itself, see afterSign). */
  readonly to: ContractStatus | null;
}

/** The table by step: who may take it from which statuses, and where it leads (the property tests read it). */
export const LIFECYCLE = Object.fromEntries(
  CONTRACT_ACTIONS.map((action) => [
    action,
    {
      from: Object.fromEntries(
        CONTRACT_ACTOR_ROLES.filter((role) => mayTake(action, role)).map((role) => [
          role,
          allowedFrom(action, role),
        ]),
      ),
      to: STEP_TARGETS[action],
    },
  ]),
) as Record<ContractAction, Step>;

/** The steps a party takes on an existing contract through `POST /contract/{id}/<action>`. */
export type ContractStep = Exclude<ContractAction, 'offer' | 'edit' | SettlementAction>;

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
