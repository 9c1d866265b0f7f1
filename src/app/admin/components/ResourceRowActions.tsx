import VisibilityIcon from '@mui/icons-material/Visibility';
import { IconButton, Tooltip } from '@mui/material';
import { createContext, useContext, type ReactNode } from 'react';
import {
  DeleteWithConfirmButton,
  EditButton,
  useNotify,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';

/** How a row's view button opens its detail modal; the list provides it, null when it has no detail modal. */
export const OpenDetail = createContext<((record: RaRecord) => void) | null>(null);

function ViewButton() {
  const record = useRecordContext();
  const open = useContext(OpenDetail);
  const translate = useTranslate();
  if (!record || !open) return null;
  return (
    <Tooltip title={translate('ra.action.show')}>
      <IconButton
        size="small"
        aria-label={translate('ra.action.show')}
        onClick={(event) => {
          event.stopPropagation();
          open(record);
        }}
      >
        <VisibilityIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

interface ResourceRowActionsProps {
  /** Texts under `tm.<resource>`: delete_confirm, delete_failed and delete_error ('…: %{message}'). */
  resource: string;
  /** Column header. */
  label?: string;
  /** Shown between view and edit (e.g. a link). */
  extra?: ReactNode;
  edit?: boolean;
  /** Whether the resource has its own delete_failed / delete_error texts; else react-admin's notice. */
  deleteTexts?: boolean;
  /** Whether the server would delete this row (e.g. contractDeletable); else no delete button is shown. */
  canDelete?: (record: RaRecord) => boolean;
  /** Last, after delete: the row's "more" menu (e.g. PersonMoreActions). */
  more?: ReactNode;
}

/**
 * Actions column of a resource list: view, edit, delete with the resource's confirmation and error texts,
 * and a "more" menu where the resource has one.
 */
export function ResourceRowActions({
  resource,
  extra,
  edit = true,
  deleteTexts = true,
  canDelete,
  more,
}: ResourceRowActionsProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const record = useRecordContext();
  const deletable = !canDelete || (record !== undefined && canDelete(record));
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap' }}>
      <ViewButton />
      {extra}
      {edit && <EditButton label="" aria-label={translate('ra.action.edit')} />}
      {deletable && (
        <DeleteWithConfirmButton
          label=""
          aria-label={translate('ra.action.delete')}
          mutationMode="pessimistic"
          confirmTitle={translate('ra.action.delete')}
          confirmContent={translate(`tm.${resource}.delete_confirm`)}
          mutationOptions={
            deleteTexts
              ? {
                  onError: (error: unknown) => {
                    const message = error instanceof Error ? error.message : '';
                    if (message)
                      notify(`tm.${resource}.delete_error`, { type: 'error', messageArgs: { message } });
                    else notify(`tm.${resource}.delete_failed`, { type: 'error' });
                  },
                }
              : undefined
          }
        />
      )}
      {more}
    </span>
  );
}
