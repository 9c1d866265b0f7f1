import type { ContractStatus, Role } from '../../../shared/constants.js';

type Party = Extract<Role, 'petani' | 'mitra'>;

/**
 * What each party may do with a contract's status (admins may set any status). A mitra proposes
 * (pending); the petani accepts (approved) or refuses (rejected), either may first talk it over
 * (negotiation); the mitra may withdraw before work starts (cancelled). Once approved, either party
 * starts it (active) or calls it off (cancelled); an active contract ends as completed.
 * completed, rejected and cancelled are final.
 */
export const PARTY_TRANSITIONS: Record<ContractStatus, Partial<Record<ContractStatus, readonly Party[]>>> = {
  pending: {
    negotiation: ['petani', 'mitra'],
    approved: ['petani'],
    rejected: ['petani'],
    cancelled: ['mitra'],
  },
  negotiation: { approved: ['petani'], rejected: ['petani'], cancelled: ['mitra'] },
  approved: { active: ['petani', 'mitra'], cancelled: ['petani', 'mitra'] },
  active: { completed: ['petani', 'mitra'] },
  completed: {},
  rejected: {},
  cancelled: {},
};

/** The statuses from which `role` may move a contract to `to`. */
export const statusesLeadingTo = (to: ContractStatus, role: Party): ContractStatus[] =>
  (Object.keys(PARTY_TRANSITIONS) as ContractStatus[]).filter((from) =>
    PARTY_TRANSITIONS[from][to]?.includes(role),
  );
