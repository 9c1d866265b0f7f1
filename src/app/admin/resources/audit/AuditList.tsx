import {
  Datagrid,
  DateInput,
  FunctionField,
  NumberInput,
  TextField,
  TextInput,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { DateText } from '../../components/DateText';
import { EmptyState } from '../../components/EmptyState';
import { ListRows } from '../../components/ListSkeleton';
import { PanelList } from '../../components/PanelList';

const CHANGES_SHOWN = 160;

/** The body an admin sent, on one line; the full text on hover. */
function Changes({ record }: { record: RaRecord }) {
  if (record.changes === null || record.changes === undefined) return <span>–</span>;
  const text = JSON.stringify(record.changes);
  const shown = text.length > CHANGES_SHOWN ? `${text.slice(0, CHANGES_SHOWN)}…` : text;
  return (
    <code title={text} style={{ wordBreak: 'break-all' }}>
      {shown}
    </code>
  );
}

const filters = [
  <NumberInput key="actor_id" source="actor_id" alwaysOn />,
  <TextInput key="resource" source="resource" alwaysOn />,
  <TextInput key="resource_id" source="resource_id" alwaysOn />,
  <DateInput key="from" source="from" alwaysOn />,
  <DateInput key="to" source="to" alwaysOn />,
];

/** GET /admin/audit: every admin write, newest first; read-only. */
export function AuditList() {
  const translate = useTranslate();
  return (
    <PanelList
      resource="audit"
      sort={{ field: 'created_at', order: 'DESC' }}
      filters={filters}
      actions={false}
      exporter={false}
    >
      <ListRows columns={6}>
        <Datagrid
          rowClick={false}
          bulkActionButtons={false}
          empty={<EmptyState text={translate('tm.audit.empty')} />}
        >
          <DateText source="created_at" withTime label="resources.audit.fields.created_at" />
          <TextField source="actor_email" sortable={false} />
          <FunctionField
            source="action"
            sortable={false}
            render={(record: RaRecord) =>
              translate(`tm.audit.actions.${record.action}`, { _: String(record.action) })
            }
          />
          <TextField source="resource" sortable={false} />
          <TextField source="resource_id" sortable={false} />
          <FunctionField
            source="changes"
            sortable={false}
            render={(record: RaRecord) => <Changes record={record} />}
          />
        </Datagrid>
      </ListRows>
    </PanelList>
  );
}
