import LockIcon from '@mui/icons-material/Lock';
import { Chip, Tooltip, type ChipProps } from '@mui/material';
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { isLahanActive, lahanStatusLabel } from '../../../../shared/statusLabels';
import { useAdminDataProvider } from '../../providers/dataProvider';

const COLORS: Record<string, ChipProps['color']> = {
  active: 'success',
  aktif: 'success',
  inactive: 'default',
  pending: 'yellow',
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
    // Looks and reads as not actionable (outlined, a lock, aria-disabled) but stays focusable, so that
    // keyboard and screen-reader users get the tooltip and the notice of why, as a click does.
    const explain = (event: MouseEvent | KeyboardEvent) => {
      if ('key' in event && event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      event.stopPropagation();
      notify('tm.lahan.status_locked', { type: 'info' });
    };
    return (
      <Tooltip describeChild title={translate('tm.lahan.status_locked')}>
        <Chip
          size="small"
          variant="outlined"
          clickable={false}
          icon={<LockIcon />}
          role="button"
          tabIndex={0}
          aria-disabled="true"
          onClick={explain}
          onKeyDown={explain}
          color={COLORS[String(status)] ?? 'default'}
          label={lahanStatusLabel(status)}
          sx={{ cursor: 'default' }}
        />
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
