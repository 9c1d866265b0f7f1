import { TextInput } from 'react-admin';

/** The text a step asks for before it is taken (a reason, a note): required, several lines, focused first. */
export function ReasonInput({ source, label }: { source: string; label: string }) {
  return <TextInput source={source} label={label} isRequired multiline minRows={3} fullWidth autoFocus />;
}
