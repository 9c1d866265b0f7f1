import { Box } from '@mui/material';
import { useState } from 'react';
import {
  SearchInput,
  TopToolbar,
  useDataProvider,
  useListContext,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import PlotsMap from '../../../map/PlotsMap';
import { fetchViewportPlots, type PlotFeature } from '../../../map/viewportPlots';
import { FilterToggleButton } from '../../components/FilterToggleButton';
import { PanelList } from '../../components/PanelList';
import { GeoJsonExportButton } from './GeoJsonExportButton';
import { LahanDetail } from './LahanDetail';
import { lahanFilters } from './lahanFilters';
import { LAHAN_SORT } from './lahanSort';

const fetchLahanPlots = fetchViewportPlots('/lahan');

/** The plots of the list's filters on the map; a plot opens the same detail a row of the list does. */
function LahanPlots() {
  const { filterValues } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const [open, setOpen] = useState<RaRecord | null>(null);
  const openPlot = (plot: PlotFeature) =>
    dataProvider.getOne('lahan', { id: plot.properties.id }).then(
      ({ data }) => setOpen(data),
      (error: unknown) =>
        notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' }),
    );
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PlotsMap
        ariaLabel={translate('tm.lahan.map_label')}
        filters={filterValues}
        fetchPlots={fetchLahanPlots}
        onOpen={openPlot}
        height="clamp(320px, 70vh, 720px)"
      />
      {open && <LahanDetail record={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}

/**
 * The lahan tab as a map: react-admin's list of the same resource, so its filters are the list's (kept in the
 * address and the store alike), but no page of rows is read: the map asks for what is in view itself.
 */
export function LahanMapView() {
  const translate = useTranslate();
  return (
    <PanelList
      resource="lahan"
      sort={LAHAN_SORT}
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder={translate('tm.list.search')} />,
        ...lahanFilters,
      ]}
      actions={
        <TopToolbar>
          <FilterToggleButton names={lahanFilters.map((filter) => filter.props.source)} />
          <GeoJsonExportButton />
        </TopToolbar>
      }
      queryOptions={{ enabled: false }}
      pagination={false}
      exporter={false}
    >
      <LahanPlots />
    </PanelList>
  );
}
