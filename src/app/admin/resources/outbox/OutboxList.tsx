import {
  Datagrid,
  FunctionField,
  NumberField,
  SelectInput,
  TextField,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { DateText } from '../../components/DateText';
import { EmptyState } from '../../components/EmptyState';
import { ListRows } from '../../components/ListSkeleton';
import { PanelList } from '../../components/PanelList';
import { outboxUi } from '../../../../shared/messages/notification-ui';
import { ResendButton } from './ResendButton';

/** The API's status and channel filters (docs/API.md, "Outbox"), choices labelled as the rows are. */
const choices = (labels: Record<string, string>) =>
  Object.entries(labels).map(([id, name]) => ({ id, name }));
const filters = [
  <SelectInput key="status" source="status" choices={choices(outboxUi.status)} alwaysOn />,
  <SelectInput key="channel" source="channel" choices={choices(outboxUi.channel)} alwaysOn />,
];

/** GET /admin/notification-sends: each email and WhatsApp message, newest first; a failed one can be sent again. */
export function OutboxList() {
  const translate = useTranslate();
  const label = (block: string) => (record: RaRecord) =>
    translate(`tm.outbox.${block}.${record[block]}`, { _: String(record[block]) });
  return (
    <PanelList resource="outbox" filters={filters} actions={false} exporter={false}>
      <ListRows columns={8}>
        <Datagrid
          rowClick={false}
          bulkActionButtons={false}
          empty={<EmptyState text={translate('tm.outbox.empty')} />}
        >
          <DateText source="created_at" withTime label="resources.outbox.fields.created_at" />
          <TextField source="title" sortable={false} />
          <FunctionField
            source="recipient"
            sortable={false}
            render={(record: RaRecord) => `${record.recipient} · ${record.address}`}
          />
          <FunctionField source="channel" sortable={false} render={label('channel')} />
          <FunctionField source="status" sortable={false} render={label('status')} />
          <NumberField source="tries" sortable={false} />
          <TextField source="last_error" sortable={false} emptyText="–" />
          <FunctionField label="" render={(record: RaRecord) => <ResendButton record={record} />} />
        </Datagrid>
      </ListRows>
    </PanelList>
  );
}
