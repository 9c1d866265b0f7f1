import { LAHAN_STATUSES, type LahanStatus } from '../../../shared/constants.js';

/** What clients may send as a status: the stored statuses plus the legacy `aktif` (read as `active`). */
export const LAHAN_STATUS_INPUTS = [...LAHAN_STATUSES, 'aktif'] as const;
export type LahanStatusInput = (typeof LAHAN_STATUS_INPUTS)[number];

export const normaliseStatus = (status: LahanStatusInput): LahanStatus =>
  status === 'aktif' ? 'active' : status;

/**
 * The status badge's rules (docs/spec-notes.md §4): active ↔ inactive, a pending lahan may become active, and
 * a lahan whose contract completed is active again for the next season. Maps each target status to the
 * statuses an admin may reach it from; any other change is refused.
 */
const TOGGLES: Partial<Record<LahanStatus, readonly LahanStatus[]>> = {
  active: ['inactive', 'pending', 'completed'],
  inactive: ['active'],
};

/** The owner's one status change: completed → active (the next season). */
const OWNER_TOGGLES: Partial<Record<LahanStatus, readonly LahanStatus[]>> = { active: ['completed'] };

export const togglableFrom = (to: LahanStatus, byAdmin = true): readonly LahanStatus[] =>
  (byAdmin ? TOGGLES : OWNER_TOGGLES)[to] ?? [];
