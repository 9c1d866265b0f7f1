import AddIcon from '@mui/icons-material/Add';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { Box, Button, IconButton, TextField, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

/** The changelog as a list of text inputs; at least one input is always kept (docs/spec-notes.md §5). */
export function ChangelogInput({ source = 'changelog' }: { source?: string }) {
  const translate = useTranslate();
  const { field } = useInput<string[]>({ source });
  const entries: string[] = Array.isArray(field.value) && field.value.length ? field.value : [''];
  const set = (next: string[]) => field.onChange(next);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {translate('resources.downloads.fields.changelog')}
      </Typography>
      {entries.map((entry, index) => (
        <Box key={index} sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <TextField
            size="small"
            fullWidth
            label={translate('tm.downloads.changelog_entry', { number: index + 1 })}
            value={entry}
            onChange={(event) => set(entries.map((old, i) => (i === index ? event.target.value : old)))}
          />
          <IconButton
            aria-label={translate('tm.downloads.remove_changelog', { number: index + 1 })}
            disabled={entries.length <= 1}
            onClick={() => set(entries.filter((_, i) => i !== index))}
          >
            <RemoveCircleOutlineIcon />
          </IconButton>
        </Box>
      ))}
      <Button size="small" startIcon={<AddIcon />} onClick={() => set([...entries, ''])}>
        {translate('tm.downloads.add_changelog')}
      </Button>
    </Box>
  );
}
