import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  type DialogContentProps,
  type Theme,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import {
  CreateBase,
  EditBase,
  HttpError,
  SaveContextProvider,
  SimpleForm,
  useSaveContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';

type Values = Record<string, unknown>;

interface FormDialogProps {
  title: string;
  /** Where the form saves: `create(resource)`, or `update(resource)` of `record`. */
  resource: string;
  /** The record to edit; without it, a new one is created. */
  record?: RaRecord;
  /** Instead of a create or update: the call the body is sent to (e.g. a contract step). */
  action?(body: Values): Promise<unknown>;
  /** The fields that must be filled (texts after trimming): until then Save stays disabled. */
  required: readonly string[];
  /** The API body from the form's values (trimmed texts, integer ids). */
  toBody(values: Values): Values;
  /** Shown under the fields while a required field is empty and another is not. */
  hint: string;
  /** The alert text of a failed save. */
  failure(error: unknown): string;
  /** After a save: notify; the dialog then closes. */
  onSaved(): void;
  onClose(): void;
  children: ReactNode;
}

const filled = (value: unknown) => (typeof value === 'string' ? value.trim() !== '' : value != null);

/**
 * A create/edit form in a modal (full screen on phones), with Cancel and Save: react-admin's CreateBase
 * or EditBase around a SimpleForm, so a failed save marks the server's invalid fields under the inputs
 * exactly as on the page forms, while the alert above the buttons says what failed. With `action`, the
 * same form sends its body to that call instead (a step such as cancelling a contract).
 */
export function FormDialog({
  title,
  resource,
  record,
  action,
  toBody,
  onSaved,
  onClose,
  ...form
}: FormDialogProps) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // A failure belongs to the resource it was saving to: choosing another (a location level) drops it.
  const [failed, setFailed] = useState<{ resource: string; text: string } | null>(null);
  const controller = {
    resource,
    transform: toBody,
    redirect: false as const,
    mutationMode: 'pessimistic' as const,
    mutationOptions: {
      onSuccess: () => {
        onSaved();
        onClose();
      },
      onError: (error: unknown) => setFailed({ resource, text: form.failure(error) }),
    },
  };
  const body = (
    <SavingForm
      {...form}
      onClose={onClose}
      error={failed?.resource === resource ? failed.text : null}
      onSubmit={() => setFailed(null)}
    />
  );
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="form-dialog-title"
    >
      <DialogTitle id="form-dialog-title">{title}</DialogTitle>
      {action ? (
        <ActionSave action={(values) => action(toBody(values))} {...controller.mutationOptions}>
          {body}
        </ActionSave>
      ) : record ? (
        <EditBase {...controller} id={record.id} redirectOnError={false}>
          {body}
        </EditBase>
      ) : (
        <CreateBase {...controller}>{body}</CreateBase>
      )}
    </Dialog>
  );
}

interface ActionSaveProps {
  action(values: Values): Promise<unknown>;
  onSuccess(): void;
  onError(error: unknown): void;
  children: ReactNode;
}

/** The save of an action dialog: like a create or update, a refusal's field errors go back to the form. */
function ActionSave({ action, onSuccess, onError, children }: ActionSaveProps) {
  const [saving, setSaving] = useState(false);
  const save = async (values: Values) => {
    setSaving(true);
    try {
      await action(values);
    } catch (error) {
      setSaving(false);
      onError(error);
      return error instanceof HttpError ? error.body?.errors : undefined;
    }
    onSuccess();
  };
  return (
    <SaveContextProvider value={{ save, saving, mutationMode: 'pessimistic' }}>
      {children}
    </SaveContextProvider>
  );
}

const DialogBody = (props: DialogContentProps) => <DialogContent dividers {...props} />;

interface SavingFormProps {
  required: readonly string[];
  hint: string;
  error: string | null;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
}

/** The SimpleForm of the dialog: an incomplete form is not sent (Enter included). */
function SavingForm({ required, hint, error, onSubmit, onClose, children }: SavingFormProps) {
  const { save } = useSaveContext();
  const complete = (values: Values) => required.every((field) => filled(values[field]));
  return (
    <SimpleForm
      component={DialogBody}
      disableInvalidFormNotification
      onSubmit={(values: Values) => {
        if (!complete(values) || !save) return;
        onSubmit();
        return save(values);
      }}
      toolbar={<DialogButtons required={required} complete={complete} onClose={onClose} />}
    >
      {children}
      <FormStatus required={required} complete={complete} hint={hint} error={error} />
    </SimpleForm>
  );
}

interface StatusProps {
  required: readonly string[];
  complete(values: Values): boolean;
}

function useCompletion({ required, complete }: StatusProps) {
  const values = useWatch() as Values;
  return {
    complete: complete(values),
    started: required.some((field) => values[field] != null && values[field] !== ''),
  };
}

function FormStatus({ hint, error, ...status }: StatusProps & { hint: string; error: string | null }) {
  const { complete, started } = useCompletion(status);
  if (error)
    return (
      <Alert severity="error" sx={{ width: '100%' }}>
        {error}
      </Alert>
    );
  if (started && !complete)
    return (
      <Alert severity="info" sx={{ width: '100%' }}>
        {hint}
      </Alert>
    );
  return null;
}

function DialogButtons({ onClose, ...status }: StatusProps & { onClose(): void }) {
  const translate = useTranslate();
  const { complete } = useCompletion(status);
  const { isSubmitting } = useFormState();
  return (
    <DialogActions>
      <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
      <Button type="submit" variant="contained" disabled={!complete || isSubmitting}>
        {translate('ra.action.save')}
      </Button>
    </DialogActions>
  );
}

/**
 * The text of a failed save: '{failed}: {server message}' when the server answered, else `unexpected`
 * (no answer, or not an HTTP failure).
 */
export function failureText(error: unknown, failed: string, unexpected: string): string {
  if (error instanceof HttpError && error.status > 0 && error.message) return `${failed}: ${error.message}`;
  return unexpected;
}
