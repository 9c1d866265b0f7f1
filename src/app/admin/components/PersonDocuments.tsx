import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import { DocumentImage } from './DocumentImage';

const IMAGE_KINDS = ['ktp', 'verifikasi_ktp', 'supporting_documents'] as const;

/** The collapsible KTP / Verifikasi KTP / Dokumen Pendukung section, each image opening a full-size viewer. */
export function PersonDocuments({ record, children }: { record: RaRecord; children?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Accordion disableGutters sx={{ mb: 2 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="person-documents">
        <Typography sx={{ fontWeight: 600 }}>{translate('tm.detail.documents')}</Typography>
      </AccordionSummary>
      <AccordionDetails id="person-documents">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
          {IMAGE_KINDS.map((kind) => (
            <Box key={kind}>
              <Typography variant="body2" color="text.secondary" gutterBottom>
                {translate(`tm.detail.${kind}`)}
              </Typography>
              <DocumentImage url={record[kind] as string | null} alt={translate(`tm.detail.${kind}`)} />
            </Box>
          ))}
        </Box>
        {children}
      </AccordionDetails>
    </Accordion>
  );
}
