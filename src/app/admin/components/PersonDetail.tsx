import { Avatar, Box, Divider, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import { InfoRow } from './DetailDialog';
import { useDocumentUrl } from './DocumentImage';
import { NikDetails } from './NikDetails';
import { VerifiedChip } from './VerificationBadge';
import { formatDate } from '../../../shared/format-id';

/** The avatar (a protected document), name and verification badge heading a detail modal. */
export function PersonHeader({ record, name }: { record: RaRecord; name: string }) {
  const { src } = useDocumentUrl(record.url_image);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
      <Avatar src={src} alt={name} sx={{ width: 64, height: 64 }}>
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Box>
        <Typography variant="h6">{name}</Typography>
        <VerifiedChip verified={Boolean(record.status_verifikasi)} />
      </Box>
    </Box>
  );
}

/** A titled part of a detail modal (a region named by its title). */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 2 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Divider sx={{ mb: 1 }} />
      {children}
    </Box>
  );
}

/** Full name, username, email, phone, NIK and what it says, address and join date: the three people details. */
export function PersonalInfo({ record, name }: { record: RaRecord; name: string }) {
  const translate = useTranslate();
  return (
    <DetailSection title={translate('tm.detail.personal')}>
      <InfoRow label={translate('tm.detail.full_name')}>{name}</InfoRow>
      <InfoRow label={translate('tm.detail.username')}>{record.username}</InfoRow>
      <InfoRow label={translate('tm.detail.email')}>{record.email}</InfoRow>
      <InfoRow label={translate('tm.detail.phone')}>{record.no_phone ?? record.phone}</InfoRow>
      {'nik' in record && <InfoRow label={translate('tm.detail.nik')}>{record.nik}</InfoRow>}
      <NikDetails record={record} />
      {('alamat' in record || 'address' in record) && (
        <InfoRow label={translate('tm.detail.address')}>{record.alamat ?? record.address}</InfoRow>
      )}
      <InfoRow label={translate('tm.detail.joined')}>{formatDate(record.created_at)}</InfoRow>
    </DetailSection>
  );
}
