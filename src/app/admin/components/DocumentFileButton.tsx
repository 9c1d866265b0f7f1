import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useAdminDataProvider } from '../providers/dataProvider';
import { saveBlob } from './download';

interface DocumentFileButtonProps {
  url: string | null | undefined;
  label: string;
  /** Saves the file under this name instead of opening it. */
  download?: string;
}

/** Opens a protected file (e.g. the LOA PDF) in a new tab, or saves it, fetched with the bearer token. */
export function DocumentFileButton({ url, label, download }: DocumentFileButtonProps) {
  const dataProvider = useAdminDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const [loading, setLoading] = useState(false);
  if (!url) return <Typography variant="body2">{translate('tm.document.none')}</Typography>;
  const open = async () => {
    // Opened before the fetch so that the browser does not treat it as a pop-up.
    const tab = download ? null : window.open('', '_blank');
    setLoading(true);
    try {
      const blob = await dataProvider.fetchDocument(url);
      if (download) return saveBlob(blob, download);
      const objectUrl = URL.createObjectURL(blob);
      if (tab) tab.location.href = objectUrl;
      else window.location.assign(objectUrl);
      // The tab has the file by then; the blob would otherwise stay in memory until this page closes.
      setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
    } catch (error) {
      tab?.close();
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<PictureAsPdfIcon />}
      disabled={loading}
      onClick={open}
    >
      {label}
    </Button>
  );
}
