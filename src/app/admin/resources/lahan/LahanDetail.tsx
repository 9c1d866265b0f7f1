import { Box, Chip, Divider, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DetailDialog, InfoRow } from '../../components/DetailDialog';
import { DocumentImage } from '../../components/DocumentImage';
import type { DetailProps } from '../../components/ResourceList';
import { personName } from '../../components/personName';
import { VerifiedChip } from '../../components/VerificationBadge';
import { useAdminQuery } from '../../providers/useAdminQuery';
import { API_BASE_PATH } from '../../../../shared/constants';
import { formatArea } from '../../../site/format';
import { LahanStatusChip } from './LahanStatusBadge';
import { formatDate } from '../../../../shared/format-id';
import { BoundaryMap } from '../../../map/BoundaryMap';
import { MAP_TEXT } from '../../../map/messages';

/** 'Location, Sub district, District, Province' from whichever parts are known. */
const lahanPlace = (record: Record<string, unknown>) =>
  [record.location_name, record.sub_district_name, record.district_name, record.province_name]
    .filter((part) => typeof part === 'string' && part)
    .join(', ');

/** Photos are public http(s) URLs (opened full size in a new tab); uploaded documents need the token. */
function LahanPhoto({ url, alt }: { url: string; alt: string }) {
  if (url.startsWith(`${API_BASE_PATH}/`)) return <DocumentImage url={url} alt={alt} />;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      <Box
        component="img"
        src={url}
        alt={alt}
        loading="lazy"
        sx={{ width: 160, height: 160, borderRadius: 1, objectFit: 'cover', display: 'block' }}
      />
    </a>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** GET /petani/{id}, for the owner section (none for a lahan without a valid owner id). */
function useOwner(petaniId: number) {
  return useAdminQuery(
    ['getPetani', petaniId],
    (dataProvider) => dataProvider.getPetani(petaniId),
    Number.isInteger(petaniId) && petaniId > 0,
  );
}

/** The lahan detail modal: the owner (GET /petani/{id}), the land and its photos. */
export function LahanDetail({ record, onClose }: DetailProps) {
  const translate = useTranslate();
  const owner = useOwner(Number(record.petani_id));
  // The lahan record carries the owner's main fields too: shown while loading or if the owner call fails.
  const person = owner.data;
  const photos: string[] = Array.isArray(record.url_image) ? record.url_image : [];

  return (
    <DetailDialog title={translate('tm.lahan.detail_title')} onClose={onClose}>
      <Section title={translate('tm.lahan.owner')}>
        {owner.error && (
          <Typography variant="body2" color="error" sx={{ mb: 1 }}>
            {translate('tm.lahan.owner_failed', { message: owner.error.message })}
          </Typography>
        )}
        <InfoRow label={translate('tm.lahan.name')}>
          {person ? personName(person, 'fullname_petani') : record.petani_nama}
        </InfoRow>
        <InfoRow label={translate('tm.lahan.phone')}>{person ? person.phone : record.petani_phone}</InfoRow>
        <InfoRow label={translate('tm.lahan.address')}>
          {person ? person.alamat : record.petani_alamat}
        </InfoRow>
        <InfoRow label={translate('tm.lahan.status')}>
          <VerifiedChip
            verified={Boolean(person ? person.status_verifikasi : record.petani_status_verifikasi)}
          />
        </InfoRow>
        <InfoRow label={translate('tm.lahan.registered')}>
          {formatDate(person ? person.created_at : record.petani_created_at)}
        </InfoRow>
      </Section>
      <Divider sx={{ mb: 2 }} />
      <Section title={translate('tm.lahan.land')}>
        <InfoRow label={translate('tm.lahan.land_name')}>{record.nama_lahan}</InfoRow>
        <InfoRow label={translate('tm.lahan.area')}>{formatArea(record.luas_lahan)}</InfoRow>
        <InfoRow label={MAP_TEXT.measuredServer}>
          {record.luas_terukur == null ? '-' : formatArea(Math.round(record.luas_terukur))}
          {record.luas_berbeda && (
            <Chip size="small" color="warning" label={MAP_TEXT.differsFlag} sx={{ ml: 1 }} />
          )}
        </InfoRow>
        <InfoRow label={translate('tm.lahan.address')}>{record.address_lahan}</InfoRow>
        <InfoRow label={translate('tm.lahan.location')}>{lahanPlace(record)}</InfoRow>
        <InfoRow label={translate('tm.lahan.category')}>{record.category_name}</InfoRow>
        <InfoRow label={translate('tm.lahan.status')}>
          <LahanStatusChip status={record.status} />
          {record.luas_berbeda && record.status === 'pending' && (
            <Typography variant="body2" component="span" sx={{ ml: 1 }}>
              {MAP_TEXT.differsBeforeVerify}
            </Typography>
          )}
        </InfoRow>
        <InfoRow label={translate('tm.lahan.date')}>{formatDate(record.created_at)}</InfoRow>
      </Section>
      <Section title={MAP_TEXT.boundaryTitle}>
        <BoundaryMap gps={record.gps} ariaLabel={`${MAP_TEXT.mapLabel} ${record.nama_lahan}`} />
      </Section>
      <Section title={translate('tm.lahan.photos')}>
        {photos.length === 0 ? (
          <Typography variant="body2">{translate('tm.lahan.no_photos')}</Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {photos.map((url, index) => (
              <LahanPhoto key={url} url={url} alt={translate('tm.lahan.photo_alt', { number: index + 1 })} />
            ))}
          </Box>
        )}
      </Section>
    </DetailDialog>
  );
}
