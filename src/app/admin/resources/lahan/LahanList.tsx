import { Box, Button, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { FunctionField, useListContext, useStore, useTranslate, type RaRecord } from 'react-admin';
import { EmptyState } from '../../components/EmptyState';
import { ResourceList } from '../../components/ResourceList';
import { ResourceRowActions } from '../../components/ResourceRowActions';
import { TwoLines } from '../../components/TwoLines';
import { GeoJsonExportButton } from './GeoJsonExportButton';
import { LahanDetail } from './LahanDetail';
import { lahanFilters } from './lahanFilters';
import { LahanStatusBadge } from './LahanStatusBadge';
import { lazyList } from '../lazyScreen';
import { LAHAN_SORT } from './lahanSort';
import { LAHAN_VIEW_KEY, loadLahanMapView } from './mapViewLoader';

// Leaflet and the map's code load only when the map is asked for (its base layers at the same time); drawn at once
// when its chunk has already arrived (started at boot when the tab opens on the map, firstScreens.ts).
const MapView = lazyList(loadLahanMapView, 'LahanMapView');

/** 'No lahan found', or with a search: 'No lahan found matching your search' and Clear search. */
function LahanEmpty() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const translate = useTranslate();
  if (!filterValues.q) return <EmptyState text={translate('tm.lahan.empty')} />;
  const { q: _q, ...rest } = filterValues;
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center', width: '100%' }}>
      <Typography color="text.secondary">{translate('tm.lahan.empty_search')}</Typography>
      <Button sx={{ mt: 1 }} onClick={() => setFilters(rest, displayedFilters)}>
        {translate('tm.lahan.clear_search')}
      </Button>
    </Box>
  );
}

/** The Lahan column: the land's name over its owner and location, the lines the search matches. */
function LahanTitle(record: RaRecord) {
  return (
    <TwoLines
      first={record.nama_lahan}
      second={[record.petani_nama, record.location_name].filter(Boolean).join(' · ')}
    />
  );
}

export type LahanView = 'list' | 'map';

/** "Daftar | Peta": the tab as rows or as a map, with the same filters; the choice is kept (the panel's store). */
export function LahanViewToggle({ view, onChange }: { view: LahanView; onChange(view: LahanView): void }) {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={view}
      onChange={(_event, next: LahanView | null) => next && onChange(next)}
      aria-label={translate('tm.lahan.view_label')}
      sx={{ alignSelf: 'flex-end', mt: 1, '& .MuiToggleButton-root': { minHeight: 44, px: 2 } }}
    >
      <ToggleButton value="list">{translate('tm.lahan.view_list')}</ToggleButton>
      <ToggleButton value="map">{translate('tm.lahan.view_map')}</ToggleButton>
    </ToggleButtonGroup>
  );
}

export function LahanList() {
  const [view, setView] = useStore<LahanView>(LAHAN_VIEW_KEY, 'list');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <LahanViewToggle view={view} onChange={setView} />
      {view === 'map' ? <MapView /> : <LahanRows />}
    </Box>
  );
}

function LahanRows() {
  const translate = useTranslate();
  return (
    <ResourceList
      resource="lahan"
      detail={LahanDetail}
      empty={<LahanEmpty />}
      sort={LAHAN_SORT}
      filters={lahanFilters}
      rowActions={<ResourceRowActions resource="lahan" label={translate('tm.list.actions')} />}
      actions={<GeoJsonExportButton />}
    >
      <FunctionField source="nama_lahan" render={LahanTitle} />
      <LahanStatusBadge source="status" />
    </ResourceList>
  );
}
