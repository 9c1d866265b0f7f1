import { LAHAN_STATUSES, type LahanStatus } from '../../../shared/constants.js';

/** What clients may send as a status: the stored statuses plus the legacy `aktif` (read as `active`). */
export const LAHAN_STATUS_INPUTS = [...LAHAN_STATUSES, 'aktif'] as const;
export type LahanStatusInput = (typeof LAHAN_STATUS_INPUTS)[number];

export const normaliseStatus = (status: LahanStatusInput): LahanStatus =>
  status === 'aktif' ? 'active' : status;

/**
 * The status badge's rules (docs/spec-notes.md §4): active ↔ inactive, and a pending lahan may become active.
 * Maps each target status to the statuses it may be reached from; any other change is refused.
 */
const TOGGLES: Partial<Record<LahanStatus, readonly LahanStatus[]>> = {
  active: ['inactive', 'pending'],
  inactive: ['active'],
};

export const togglableFrom = (to: LahanStatus): readonly LahanStatus[] => TOGGLES[to] ?? [];
