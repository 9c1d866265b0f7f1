import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import { formatArea } from '../../../site/format';
import { InfoRow } from '../../components/DetailDialog';
import { isLahanActive } from '../../../../shared/statusLabels';
import { DetailSection } from '../../components/PersonDetail';
import { useAdminDataProvider } from '../../providers/dataProvider';

type LahanState = { rows: RaRecord[]; total: number } | { error: string } | null;

/**
 * The farmer's lahan (GET /lahan/petani/{id}): 'N Lahan' with the true total (not the rows of one page)
 * and a card per plot, or 'Belum ada data lahan'.
 */
export function PetaniLahan({ petaniId }: { petaniId: number }) {
  const translate = useTranslate();
  const dataProvider = useAdminDataProvider();
  const [state, setState] = useState<LahanState>(null);
  useEffect(() => {
    let cancelled = false;
    dataProvider.getPetaniLahan(petaniId).then(
      ({ data, total }) => !cancelled && setState({ rows: data, total: Math.max(total, data.length) }),
      (error: Error) => !cancelled && setState({ error: error.message }),
    );
    return () => {
      cancelled = true;
    };
  }, [dataProvider, petaniId]);

  let body;
  if (!state) body = <Typography variant="body2">{translate('ra.page.loading')}</Typography>;
  else if ('error' in state) body = <Typography color="error">{state.error}</Typography>;
  else if (state.rows.length === 0)
    body = <Typography variant="body2">{translate('tm.detail.no_lahan')}</Typography>;
  else
    body = (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {state.rows.map((lahan, index) => (
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
              <InfoRow label={translate('tm.detail.category')}>
                {lahan.category_name ?? lahan.type_name}
              </InfoRow>
              <InfoRow label={translate('tm.detail.address')}>{lahan.address_lahan}</InfoRow>
            </CardContent>
          </Card>
        ))}
      </Box>
    );

  const count = state && 'rows' in state ? state.total : null;
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
