import { LAHAN_STATUS_LABELS } from './constants.js';
import { CONTRACT_LIFECYCLE, CONTRACT_STATUSES } from './contract-lifecycle.js';

/** Indonesian labels of the lahan statuses, with the legacy `aktif` read as active. */
const LAHAN_STATUS_LABEL: Record<string, string> = {
  ...LAHAN_STATUS_LABELS,
  aktif: LAHAN_STATUS_LABELS.active,
};

/** A lahan status's label; anything unknown is 'Unknown' (docs/spec-notes.md §4). */
export const lahanStatusLabel = (status: unknown) => LAHAN_STATUS_LABEL[String(status)] ?? 'Unknown';

export const isLahanActive = (status: unknown) => status === 'active' || status === 'aktif';

/** Indonesian labels of the contract statuses, from the lifecycle table. */
export const CONTRACT_STATUS_LABEL: Record<string, string> = Object.fromEntries(
  CONTRACT_STATUSES.map((status) => [status, CONTRACT_LIFECYCLE[status].label]),
);
