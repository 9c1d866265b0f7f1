import type { ReactNode } from 'react';
import { DeleteWithConfirmButton, EditButton, useNotify, useTranslate } from 'react-admin';
import { ViewButton } from './PeopleList';

interface ResourceRowActionsProps {
  /** Texts under `tm.<resource>`: delete_confirm, delete_failed and delete_error ('…: %{message}'). */
  resource: string;
  /** Column header. */
  label?: string;
  /** Shown between view and edit (e.g. a link). */
  extra?: ReactNode;
  edit?: boolean;
}

/** Actions column of a resource list: view, edit, and delete with the resource's confirmation and error texts. */
export function ResourceRowActions({ resource, extra, edit = true }: ResourceRowActionsProps) {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap' }}>
      <ViewButton />
      {extra}
      {edit && <EditButton label="" aria-label={translate('ra.action.edit')} />}
      <DeleteWithConfirmButton
        label=""
        aria-label={translate('ra.action.delete')}
        mutationMode="pessimistic"
        confirmTitle={translate('ra.action.delete')}
        confirmContent={translate(`tm.${resource}.delete_confirm`)}
        mutationOptions={{
          onError: (error: unknown) => {
            const message = error instanceof Error ? error.message : '';
            if (message) notify(`tm.${resource}.delete_error`, { type: 'error', messageArgs: { message } });
            else notify(`tm.${resource}.delete_failed`, { type: 'error' });
          },
        }}
      />
    </span>
  );
}
