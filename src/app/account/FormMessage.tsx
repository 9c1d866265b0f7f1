/** A form's outcome above it: a failure is announced as an alert, a success (`success`) as a status. */
export function FormMessage({
  text,
  success = false,
}: {
  text: string | null | undefined;
  success?: boolean;
}) {
  if (!text) return null;
  return (
    <p className={success ? 'alert alert-success' : 'alert'} role={success ? 'status' : 'alert'}>
      {text}
    </p>
  );
}
