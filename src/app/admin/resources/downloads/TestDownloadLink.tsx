import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { IconButton, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate, type RaRecord } from 'react-admin';

/** Opens the download URL in a new tab, to check that it works. */
export function TestDownloadLink({ record: given }: { record?: RaRecord }) {
  const context = useRecordContext();
  const record = given ?? context;
  const translate = useTranslate();
  if (!record?.downloadUrl) return null;
  const label = translate('tm.downloads.test_download');
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        component="a"
        href={String(record.downloadUrl)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
        onClick={(event: React.MouseEvent) => event.stopPropagation()}
      >
        <OpenInNewIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
