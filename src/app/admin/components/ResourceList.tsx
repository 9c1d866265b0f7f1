import { Children, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import {
  BulkDeleteButton,
  CreateButton,
  Datagrid,
  ExportButton,
  SearchInput,
  TopToolbar,
  useTranslate,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { csvExporter } from '../export/csvExporter';
import { EmptyState } from './EmptyState';
import { FilterToggleButton } from './FilterToggleButton';
import { ListRows } from './ListSkeleton';
import { PanelList } from './PanelList';
import { OpenDetail, ResourceRowActions } from './ResourceRowActions';

/**
 * Below 600 px (a phone, issue 27) a row is a card: its cells wrap one after another (the name first, then the
 * status and the actions) instead of a table wider than the screen that scrolls sideways inside its card. The
 * header row stays for screen readers only.
 */
const STACKED_ON_PHONE = {
  '@media (max-width: 599.95px)': {
    '& .RaDatagrid-table, & .RaDatagrid-tbody': { display: 'block' },
    '& .RaDatagrid-thead': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
    '& .RaDatagrid-row': {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      columnGap: 1,
      py: 1,
      borderBottom: 1,
      borderColor: 'divider',
    },
    '& .RaDatagrid-row > td': { display: 'block', borderBottom: 0, py: 0.5, px: 1 },
    // The name (after the row's tick box) takes the rest of the first line.
    '& .RaDatagrid-row > td:nth-of-type(2)': { flex: '1 1 calc(100% - 64px)' },
  },
};

/** The props of a resource's detail modal. */
export interface DetailProps {
  record: RaRecord;
  onClose(): void;
}

interface ResourceListProps {
  /** The resource; its texts are under `tm.<resource>` (title, empty, delete_confirm). */
  resource: string;
  /** Filter inputs besides the search box, shown by the Filter button. */
  filters: ReactElement<{ source: string }>[];
  /** The modal a row click and the view button open; without it rows open nothing and have no view button. */
  detail?: ComponentType<DetailProps>;
  children: ReactNode;
  /** Defaults to created_at, newest first. */
  sort?: SortPayload;
  /** Replaces the view/edit/delete column (keep its `label`). */
  rowActions?: ReactElement;
  /** Replaces the Add New button (e.g. a create dialog); `false` hides it. */
  createButton?: ReactElement | false;
  /** Replaces the 'No … found' text (e.g. a text that depends on the search). */
  empty?: ReactElement;
  /** Buttons for the selected rows besides delete. */
  bulkActions?: ReactNode;
  /** Toolbar buttons after Export (e.g. another download of the filtered rows). */
  actions?: ReactNode;
}

/**
 * The list screen of every panel tab but the audit log (docs/spec-notes.md §2): server-side search, Filter, Add New,
 * CSV export, bulk delete, a detail modal on row click, Previous/Next paging, error banner with Retry.
 */
export function ResourceList({
  resource,
  filters,
  detail: Detail,
  children,
  sort = { field: 'created_at', order: 'DESC' },
  rowActions,
  createButton,
  empty: customEmpty,
  bulkActions,
  actions,
}: ResourceListProps) {
  const translate = useTranslate();
  const [selected, setSelected] = useState<RaRecord | null>(null);
  const empty = customEmpty ?? <EmptyState text={translate(`tm.${resource}.empty`)} />;
  const filterNames = filters.map((filter) => filter.props.source);
  return (
    <OpenDetail.Provider value={Detail ? setSelected : null}>
      <PanelList
        resource={resource}
        sort={sort}
        exporter={csvExporter}
        filters={[
          <SearchInput key="q" source="q" alwaysOn placeholder={translate('tm.list.search')} />,
          ...filters,
        ]}
        actions={
          <TopToolbar>
            <FilterToggleButton names={filterNames} />
            {createButton ?? <CreateButton label={translate('tm.list.add_new')} />}
            <ExportButton />
            {actions}
          </TopToolbar>
        }
      >
        <ListRows columns={Children.count(children) + 1}>
          <Datagrid
            sx={STACKED_ON_PHONE}
            rowClick={
              Detail
                ? (_id, _resource, record) => {
                    setSelected(record);
                    return false;
                  }
                : false
            }
            bulkActionButtons={
              <>
                {bulkActions}
                <BulkDeleteButton mutationMode="pessimistic" />
              </>
            }
            empty={empty}
          >
            {children}
            {rowActions ?? (
              <ResourceRowActions
                resource={resource}
                label={translate('tm.list.actions')}
                deleteTexts={false}
              />
            )}
          </Datagrid>
        </ListRows>
      </PanelList>
      {Detail && selected && <Detail record={selected} onClose={() => setSelected(null)} />}
    </OpenDetail.Provider>
  );
}
