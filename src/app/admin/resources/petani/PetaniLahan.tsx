import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatArea } from '../../../site/format';
import { InfoRow } from '../../components/DetailDialog';
import { isLahanActive } from '../../../../shared/statusLabels';
import { DetailSection } from '../../components/PersonDetail';
import { useAdminQuery } from '../../providers/useAdminQuery';

/**
 * The farmer's lahan (GET /lahan/petani/{id}): 'N Lahan' with the true total (not the rows of one page)
 * and a card per plot, or 'Belum ada data lahan'.
 */
export function PetaniLahan({ petaniId }: { petaniId: number }) {
  const translate = useTranslate();
  const { data, error } = useAdminQuery(['getPetaniLahan', petaniId], (dataProvider) =>
    dataProvider.getPetaniLahan(petaniId),
  );

  let body;
  if (error) body = <Typography color="error">{error.message}</Typography>;
  else if (!data) body = <Typography variant="body2">{translate('ra.page.loading')}</Typography>;
  else if (data.data.length === 0)
    body = <Typography variant="body2">{translate('tm.detail.no_lahan')}</Typography>;
  else
    body = (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {data.data.map((lahan, index) => (
          <Card key={lahan.id} variant="outlined" component="section" aria-label={String(lahan.nama_lahan)}>
            <CardContent>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="subtitle2">
                  {translate('tm.detail.lahan_number', { number: index + 1 })} · {lahan.nama_lahan}
                </Typography>
                <Chip
                  size="small"
                  color={isLahanActive(lahan.status) ? 'success' : 'default'}
                  label={translate(
                    isLahanActive(lahan.status) ? 'tm.detail.lahan_active' : 'tm.detail.lahan_inactive',
                  )}
                />
              </Box>
              <InfoRow label={translate('tm.detail.area')}>{formatArea(lahan.luas_lahan)}</InfoRow>
              <InfoRow label={translate('tm.detail.location')}>{lahan.location_name}</InfoRow>
              <InfoRow label={translate('tm.detail.category')}>{lahan.category_name}</InfoRow>
              <InfoRow label={translate('tm.detail.address')}>{lahan.address_lahan}</InfoRow>
            </CardContent>
          </Card>
        ))}
      </Box>
    );

  const count = data && !error ? Math.max(data.total, data.data.length) : null;
  return (
    <DetailSection
      title={
        count === null
          ? translate('tm.detail.lahan')
          : `${translate('tm.detail.lahan')} (${translate('tm.detail.lahan_count', { count })})`
      }
    >
      {body}
    </DetailSection>
  );
}
