import { Alert } from '@mui/material';
import { useGetOne, useResourceContext, useTranslate, type RaRecord } from 'react-admin';
import { InfoRow } from './DetailDialog';
import { formatDate } from '../../../shared/format-id';

/** `nik_info` of the admin's record of one petani or mitra (docs/API.md "Records"). */
interface NikInfo {
  problem: string | null;
  area: { code: string; province: string; district: string; sub_district: string | null } | null;
  birth_date: string | null;
  sex: 'male' | 'female' | null;
  matches_address: boolean | null;
}

/**
 * The rows under the NIK in a person's detail, for the admin verifying them: where it was issued, the birth date
 * and sex, and a warning when the address does not name that area (allowed: the NIK is where it was issued) or
 * when a NIK stored before the rule fails it. The list row has no `nik_info`, so the person's record is read.
 */
export function NikDetails({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const { data } = useGetOne(resource ?? '', { id: record.id }, { enabled: Boolean(resource && record.nik) });
  const info = data?.nik_info as NikInfo | null | undefined;
  if (!record.nik || !info) return null;
  const { area } = info;
  const where =
    area && [area.sub_district && `Kec. ${area.sub_district}`, area.district].filter(Boolean).join(', ');
  return (
    <>
      {info.problem && (
        <Alert severity="error" sx={{ my: 1 }}>
          {info.problem}
        </Alert>
      )}
      {area && (
        <InfoRow label={translate('tm.detail.nik_area')}>
          {`${where}, ${area.province}`}
          {!area.sub_district && ` (${translate('tm.detail.nik_old_kecamatan', { code: area.code })})`}
        </InfoRow>
      )}
      {info.birth_date && (
        <InfoRow label={translate('tm.detail.nik_birth_date')}>{formatDate(info.birth_date)}</InfoRow>
      )}
      {info.sex && (
        <InfoRow label={translate('tm.detail.nik_sex')}>{translate(`tm.detail.sex_${info.sex}`)}</InfoRow>
      )}
      {info.matches_address === false && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {translate('tm.detail.nik_mismatch', { area: where })}
        </Alert>
      )}
    </>
  );
}
