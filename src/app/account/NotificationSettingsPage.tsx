import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { notificationUi as T } from '../../shared/messages/notification-ui';
import { notifications } from '../../shared/messages/notifications';
import {
  isNotificationKind,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
} from '../../shared/notifications';
import { errorMessage } from '../api/client';
import { fieldErrors } from '../api/envelope';
import { hasUserToken } from '../api/session';
import type { NotificationPreference } from '../notifications/api';
import { usePreferences, useSavePreferences } from '../notifications/queries';
import { AccountShell } from './AccountShell';
import { errorId, FieldNotes } from './FieldNotes';
import { FormMessage } from './FormMessage';
import { useMe } from './queries';

const kindLabel = (kind: string) => (isNotificationKind(kind) ? notifications.kindLabels[kind] : kind);

function PreferencesForm({ saved }: { saved: NotificationPreference[] }) {
  const [rows, setRows] = useState(saved);
  const save = useSavePreferences();
  const [note, setNote] = useState<{ text: string; success: boolean } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const toggle = (kind: string, channel: NotificationChannel) =>
    setRows((current) =>
      current.map((row) => (row.kind === kind ? { ...row, [channel]: !row[channel] } : row)),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote(null);
    setErrors({});
    try {
      setRows(await save.mutateAsync(rows));
      setNote({ text: T.saved, success: true });
    } catch (err) {
      setNote({ text: errorMessage(err), success: false });
      setErrors(fieldErrors(err));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="field-hint">{T.requiredNote}</p>
      {rows.map((row) => (
        <fieldset
          key={row.kind}
          className="choice-row notif-kind"
          aria-describedby={errors[row.kind] ? errorId(`notif-${row.kind}`) : undefined}
        >
          <legend>{kindLabel(row.kind)}</legend>
          {NOTIFICATION_CHANNELS.map((channel) => {
            const locked = channel === 'in_app' && row.required;
            return (
              <label key={channel}>
                <input
                  type="checkbox"
                  role="switch"
                  checked={locked || row[channel]}
                  disabled={locked || save.isPending}
                  onChange={() => toggle(row.kind, channel)}
                />
                <span>
                  {T.channels[channel]}
                  {locked && <span className="field-hint">{T.requiredLocked}</span>}
                </span>
              </label>
            );
          })}
          <FieldNotes id={`notif-${row.kind}`} error={errors[row.kind]} />
        </fieldset>
      ))}
      <FormMessage text={note?.text} success={note?.success} />
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {T.save}
      </button>
    </form>
  );
}

/** /akun/notifikasi: per kind, the channels the signed-in person is told through. */
export default function NotificationSettingsPage() {
  const signedIn = hasUserToken();
  const me = useMe(signedIn);
  const preferences = usePreferences(signedIn);
  const failed = me.error ?? preferences.error;

  if (!signedIn) return <Navigate to="/login" replace />;

  return (
    <AccountShell title={T.prefsTitle} user={me.data?.full_name}>
      <Link to="/akun">
        <span aria-hidden="true">←</span> {T.back}
      </Link>
      <h1>{T.prefsTitle}</h1>
      <p>{T.prefsIntro}</p>
      <FormMessage text={failed ? errorMessage(failed) : null} />
      {preferences.data ? (
        <section className="card" style={{ padding: 24 }}>
          <PreferencesForm saved={preferences.data} />
        </section>
      ) : (
        !failed && <p className="notice page-loading">{T.loading}</p>
      )}
    </AccountShell>
  );
}
