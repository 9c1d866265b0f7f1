import { Box, Dialog, DialogContent, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useAdminDataProvider } from '../providers/dataProvider';

/** A protected document (fetched with the bearer token) as an object URL, revoked when no longer shown. */
export function useDocumentUrl(url: string | null | undefined) {
  const dataProvider = useAdminDataProvider();
  const [state, setState] = useState<{ url?: string; objectUrl?: string; isError: boolean }>({
    isError: false,
  });
  useEffect(() => {
    if (!url) return;
    let objectUrl: string | undefined;
    let cancelled = false;
    dataProvider.fetchDocument(url).then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url, objectUrl, isError: false });
      },
      () => !cancelled && setState({ url, isError: true }),
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, dataProvider]);
  // A state left over from a previous url is not shown.
  return state.url === url ? state : { isError: false, objectUrl: undefined };
}

interface DocumentImageProps {
  url: string | null | undefined;
  alt: string;
  size?: number;
}

/** A document thumbnail that opens a full-size viewer on click. */
export function DocumentImage({ url, alt, size = 160 }: DocumentImageProps) {
  const translate = useTranslate();
  const { objectUrl, isError } = useDocumentUrl(url);
  const [open, setOpen] = useState(false);
  if (!url) return <Typography variant="body2">{translate('tm.document.none')}</Typography>;
  if (isError) return <Typography variant="body2">{translate('tm.document.failed')}</Typography>;
  if (!objectUrl) return <Typography variant="body2">{translate('ra.page.loading')}</Typography>;
  return (
    <>
      <Box
        component="img"
        src={objectUrl}
        alt={alt}
        onClick={() => setOpen(true)}
        sx={{ maxWidth: size, maxHeight: size, borderRadius: 1, cursor: 'zoom-in', objectFit: 'cover' }}
      />
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        maxWidth="xl"
        slotProps={{ paper: { 'aria-label': alt } }}
      >
        <DialogContent sx={{ p: 0 }} onClick={() => setOpen(false)}>
          <Box component="img" src={objectUrl} alt={alt} sx={{ display: 'block', maxWidth: '100%' }} />
        </DialogContent>
      </Dialog>
    </>
  );
}
