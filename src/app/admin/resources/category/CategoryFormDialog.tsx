import { TextField } from '@mui/material';
import { useState } from 'react';
import { useCreate, useNotify, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { failureText, FormDialog } from '../../components/FormDialog';

interface CategoryFormDialogProps {
  /** The category to edit; without it, a new one is created. */
  record?: RaRecord;
  onClose(): void;
}

/** Create or edit a category: both fields required after trimming, values sent trimmed (docs/spec-notes.md §5). */
export function CategoryFormDialog({ record, onClose }: CategoryFormDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const [typeName, setTypeName] = useState<string>(record?.type_name ?? '');
  const [description, setDescription] = useState<string>(record?.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const values = { type_name: typeName.trim(), description: description.trim() };
  const complete = Boolean(values.type_name && values.description);
  const touched = Boolean(typeName || description);

  const onError = (failure: unknown) =>
    setError(
      record
        ? failureText(failure, translate('tm.category.update_failed'), translate('tm.category.update_failed'))
        : failureText(failure, translate('tm.category.create_failed'), translate('tm.category.create_error')),
    );
  const submit = () => {
    if (!complete) return setError(translate('tm.category.required'));
    setError(null);
    if (record)
      // Without previousData the whole body is sent: PUT /admin/category/{id} takes both fields.
      update(
        'category',
        { id: record.id, data: values },
        {
          mutationMode: 'pessimistic',
          onSuccess: () => {
            notify('tm.category.updated_notice', { type: 'success' });
            onClose();
          },
          onError,
        },
      );
    else
      create(
        'category',
        { data: values },
        {
          onSuccess: () => {
            notify('tm.category.created_notice', { type: 'success' });
            onClose();
          },
          onError,
        },
      );
  };

  return (
    <FormDialog
      title={translate(record ? 'tm.category.edit_title' : 'tm.category.create_title')}
      onClose={onClose}
      onSubmit={submit}
      canSubmit={complete}
      saving={creating || updating}
      error={error}
      hint={touched && !complete ? translate('tm.category.required') : null}
    >
      <TextField
        label={translate('tm.category.name')}
        value={typeName}
        onChange={(event) => setTypeName(event.target.value)}
        required
        autoFocus
        fullWidth
      />
      <TextField
        label={translate('tm.category.description')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        required
        multiline
        minRows={3}
        fullWidth
      />
    </FormDialog>
  );
}
