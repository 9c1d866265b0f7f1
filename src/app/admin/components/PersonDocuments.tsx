import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import { DocumentImage } from './DocumentImage';

const IMAGE_KINDS = ['ktp', 'verifikasi_ktp', 'supporting_documents'] as const;

/**
 * The collapsible KTP / Verifikasi KTP / Dokumen Pendukung section, each image opening a full-size viewer;
 * `expanded`: open from the start (where the documents are what is being decided on).
 */
export function PersonDocuments({
  record,
  children,
  expanded = false,
}: {
  record: RaRecord;
  children?: ReactNode;
  expanded?: boolean;
}) {
  const translate = useTranslate();
  return (
    <Accordion disableGutters defaultExpanded={expanded} sx={{ mb: 2 }}>
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
