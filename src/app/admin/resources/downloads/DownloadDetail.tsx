import { Box, Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DetailDialog, InfoRow } from '../../components/DetailDialog';
import type { DetailProps } from '../../components/ResourceList';
import { DownloadStatusChip } from './DownloadStatusChip';
import { TestDownloadLink } from './TestDownloadLink';
import { formatDate } from '../../../../shared/format-id';

export function DownloadDetail({ record, onClose }: DetailProps) {
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.downloads.fields.${field}`);
  const changelog: string[] = Array.isArray(record.changelog) ? record.changelog : [];
  return (
    <DetailDialog title={String(record.name ?? translate('tm.downloads.detail_title'))} onClose={onClose}>
      <InfoRow label={label('platform')}>{record.platform}</InfoRow>
      <InfoRow label={label('version')}>{record.version}</InfoRow>
      <InfoRow label={label('size')}>{record.size}</InfoRow>
      <InfoRow label={label('downloads')}>{Number(record.downloads ?? 0).toLocaleString('id-ID')}</InfoRow>
      <InfoRow label={label('rating')}>{record.rating}</InfoRow>
      <InfoRow label={label('releaseDate')}>{formatDate(record.releaseDate)}</InfoRow>
      <InfoRow label={label('description')}>{record.description}</InfoRow>
      <InfoRow label={label('downloadUrl')}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Link href={record.downloadUrl} target="_blank" rel="noopener noreferrer">
            {record.downloadUrl}
          </Link>
          <TestDownloadLink record={record} />
        </Box>
      </InfoRow>
      <InfoRow label={label('changelog')}>
        {changelog.length ? (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {changelog.map((entry, index) => (
              <li key={index}>{entry}</li>
            ))}
          </Box>
        ) : (
          translate('tm.downloads.no_changelog')
        )}
      </InfoRow>
      <InfoRow label={translate('tm.downloads.columns.status')}>
        <DownloadStatusChip active={Boolean(record.isActive)} />
      </InfoRow>
      <InfoRow label={label('createdAt')}>{formatDate(record.createdAt, true)}</InfoRow>
    </DetailDialog>
  );
}
