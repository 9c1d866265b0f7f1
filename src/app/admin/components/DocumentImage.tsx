import { Box, Dialog, DialogContent, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useAdminQuery } from '../providers/useAdminQuery';

/** A blob as a `data:` URL: unlike an object URL it needs no revoking, so the query cache can hold it. */
const dataUrlOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/** A protected document (fetched with the bearer token) as a URL an image can show. */
export function useDocumentUrl(url: string | null | undefined) {
  const { data, isError } = useAdminQuery(
    ['fetchDocument', url],
    async (dataProvider) => dataUrlOf(await dataProvider.fetchDocument(url as string)),
    Boolean(url),
  );
  return { src: data, isError };
}

interface DocumentImageProps {
  url: string | null | undefined;
  alt: string;
  size?: number;
}

/** A document thumbnail that opens a full-size viewer on click. */
export function DocumentImage({ url, alt, size = 160 }: DocumentImageProps) {
  const translate = useTranslate();
  const { src, isError } = useDocumentUrl(url);
  const [open, setOpen] = useState(false);
  if (!url) return <Typography variant="body2">{translate('tm.document.none')}</Typography>;
  if (isError) return <Typography variant="body2">{translate('tm.document.failed')}</Typography>;
  if (!src) return <Typography variant="body2">{translate('ra.page.loading')}</Typography>;
  return (
    <>
      <Box
        component="img"
        src={src}
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
          <Box component="img" src={src} alt={alt} sx={{ display: 'block', maxWidth: '100%' }} />
        </DialogContent>
      </Dialog>
    </>
  );
}
