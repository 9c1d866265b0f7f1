import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveCircleIcon from '@mui/icons-material/RemoveCircleOutline';
import { useState } from 'react';
import { Button, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useAdminDataProvider } from '../providers/dataProvider';

/**
 * Bulk actions of the mitra and petani lists: mark the selected rows Active or Inactive, one verify-role
 * call per row (the badge's own call), then refresh. Rows already in that state are left alone.
 */
export function BulkVerifyButtons() {
  const { selectedIds, data, onUnselectItems } = useListContext();
  const dataProvider = useAdminDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);

  const run = async (status: boolean) => {
    const rows = (data ?? []).filter(
      (row) => selectedIds.includes(row.id) && Boolean(row.status_verifikasi) !== status,
    );
    setBusy(true);
    try {
      const results = await Promise.all(
        rows.map((row) => dataProvider.verifyRole(Number(row.user_id ?? row.id), status)),
      );
      if (results.some((result) => !result.success))
        notify('tm.verification.update_failed', { type: 'error' });
      else {
        notify('tm.verification.bulk_done', { type: 'success', messageArgs: { smart_count: rows.length } });
        onUnselectItems();
      }
    } catch (error) {
      notify('tm.verification.update_error', {
        type: 'error',
        messageArgs: { message: error instanceof Error ? error.message : String(error) },
      });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return (
    <>
      <Button label={translate('tm.verification.bulk_active')} disabled={busy} onClick={() => run(true)}>
        <CheckCircleIcon />
      </Button>
      <Button label={translate('tm.verification.bulk_inactive')} disabled={busy} onClick={() => run(false)}>
        <RemoveCircleIcon />
      </Button>
    </>
  );
}
