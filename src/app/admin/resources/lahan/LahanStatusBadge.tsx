import { Chip, Tooltip, type ChipProps } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { isLahanActive, lahanStatusLabel } from '../../../../shared/statusLabels';
import { useAdminDataProvider } from '../../providers/dataProvider';

const COLORS: Record<string, ChipProps['color']> = {
  active: 'success',
  aktif: 'success',
  inactive: 'default',
  pending: 'warning',
  negotiation: 'info',
  on_going: 'info',
  completed: 'secondary',
  rejected: 'error',
};

/** What a click on the badge does (docs/spec-notes.md §4): active ↔ inactive, pending → verified, the rest nothing. */
export function lahanStatusAction(status: unknown): 'toggle' | 'verify' | null {
  if (isLahanActive(status) || status === 'inactive') return 'toggle';
  if (status === 'pending') return 'verify';
  return null;
}

export function LahanStatusChip({ status }: { status: unknown }) {
  return (
    <Chip
      size="small"
      color={COLORS[String(status)] ?? 'default'}
      variant={status === 'inactive' ? 'outlined' : 'filled'}
      label={lahanStatusLabel(status)}
    />
  );
}

/** The lahan row's status badge; the row flips only after the call succeeded. */
export function LahanStatusBadge(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<RaRecord>();
  const dataProvider = useAdminDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [updating, setUpdating] = useState(false);
  if (!record) return null;
  const status = record.status as unknown;
  const action = lahanStatusAction(status);

  if (!action) {
    return (
      <Tooltip title={translate('tm.lahan.status_locked')}>
        <span
          aria-label={translate('tm.lahan.status_locked')}
          onClick={(event) => {
            event.stopPropagation();
            notify('tm.lahan.status_locked', { type: 'info' });
          }}
        >
          <LahanStatusChip status={status} />
        </span>
      </Tooltip>
    );
  }

  const change = async (event: MouseEvent) => {
    event.stopPropagation();
    setUpdating(true);
    try {
      const id = Number(record.id);
      if (action === 'verify') await dataProvider.verifyLahan(id);
      else await dataProvider.setLahanStatus(id, isLahanActive(status) ? 'inactive' : 'active');
      refresh();
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (message) notify('tm.lahan.update_error', { type: 'error', messageArgs: { message } });
      else notify('tm.lahan.update_failed', { type: 'error' });
    } finally {
      setUpdating(false);
    }
  };

  return (
    <Tooltip
      describeChild
      title={translate(action === 'verify' ? 'tm.lahan.verify_hint' : 'tm.lahan.toggle_hint')}
    >
      <Chip
        size="small"
        clickable
        disabled={updating}
        onClick={change}
        color={COLORS[String(status)] ?? 'default'}
        variant={status === 'inactive' ? 'outlined' : 'filled'}
        label={updating ? translate('tm.lahan.updating') : lahanStatusLabel(status)}
        aria-busy={updating}
      />
    </Tooltip>
  );
}
