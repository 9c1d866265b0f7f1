import { TextInput, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { failureText, FormDialog } from '../../components/FormDialog';

interface CategoryFormDialogProps {
  /** The category to edit; without it, a new one is created. */
  record?: RaRecord;
  onClose(): void;
}

const FIELDS = ['type_name', 'description'] as const;
const trimmed = (values: Record<string, unknown>) =>
  Object.fromEntries(FIELDS.map((field) => [field, String(values[field] ?? '').trim()]));

/** Create or edit a category: both fields required after trimming, values sent trimmed (docs/spec-notes.md §5). */
export function CategoryFormDialog({ record, onClose }: CategoryFormDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const failed = translate(record ? 'tm.category.update_failed' : 'tm.category.create_failed');
  const unexpected = record ? failed : translate('tm.category.create_error');
  return (
    <FormDialog
      title={translate(record ? 'tm.category.edit_title' : 'tm.category.create_title')}
      resource="category"
      record={record}
      required={FIELDS}
      toBody={trimmed}
      hint={translate('tm.category.required')}
      failure={(error) => failureText(error, failed, unexpected)}
      onSaved={() =>
        notify(record ? 'tm.category.updated_notice' : 'tm.category.created_notice', { type: 'success' })
      }
      onClose={onClose}
    >
      <TextInput source="type_name" label="tm.category.name" isRequired autoFocus fullWidth />
      <TextInput
        source="description"
        label="tm.category.description"
        isRequired
        multiline
        minRows={3}
        fullWidth
      />
    </FormDialog>
  );
}
