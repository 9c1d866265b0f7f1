import { Alert, Button } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/** A list's load failure: 'Error loading {name}: {message}' in a red banner with Retry (docs/spec-notes.md §8). */
export function ErrorBanner({ name }: { name: string }) {
  const { error, refetch } = useListContext();
  const translate = useTranslate();
  if (!error) return null;
  return (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => refetch()}>
          {translate('tm.list.retry')}
        </Button>
      }
    >
      {translate('tm.list.error', { name, message: error.message })}
    </Alert>
  );
}
