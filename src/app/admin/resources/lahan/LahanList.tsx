import { Box, Button, Typography } from '@mui/material';
import {
  FunctionField,
  ReferenceInput,
  SelectInput,
  useListContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { LAHAN_STATUSES, MAX_PAGE_SIZE } from '../../../../shared/constants';
import { EmptyState } from '../../components/EmptyState';
import { lahanStatusLabel } from '../../../../shared/statusLabels';
import { ResourceList } from '../../components/ResourceList';
import { ResourceRowActions } from '../../components/ResourceRowActions';
import { TwoLines } from '../../components/TwoLines';
import { ProvinceFilterInput } from '../../components/ProvinceFilterInput';
import { LahanDetail } from './LahanDetail';
import { LahanStatusBadge } from './LahanStatusBadge';

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

export function LahanList() {
  const translate = useTranslate();
  return (
    <ResourceList
      resource="lahan"
      detail={LahanDetail}
      empty={<LahanEmpty />}
      filters={[
        <SelectInput
          key="status"
          source="status"
          choices={LAHAN_STATUSES.map((id) => ({ id, name: lahanStatusLabel(id) }))}
        />,
        <ReferenceInput key="category_id" source="category_id" reference="category" perPage={MAX_PAGE_SIZE}>
          <SelectInput optionText="type_name" label="resources.lahan.fields.category_id" />
        </ReferenceInput>,
        <ProvinceFilterInput
          key="province_id"
          source="province_id"
          label="resources.lahan.fields.province_id"
        />,
      ]}
      rowActions={<ResourceRowActions resource="lahan" label={translate('tm.list.actions')} />}
    >
      <FunctionField source="nama_lahan" render={LahanTitle} />
      <LahanStatusBadge source="status" />
    </ResourceList>
  );
}
