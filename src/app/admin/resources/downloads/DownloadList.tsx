import {
  BulkUpdateButton,
  FunctionField,
  NullableBooleanInput,
  SelectInput,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { ResourceList } from '../../components/ResourceList';
import { ResourceRowActions } from '../../components/ResourceRowActions';
import { TwoLines } from '../../components/TwoLines';
import { DownloadDetail } from './DownloadDetail';
import { platformChoices } from './DownloadForm';
import { DownloadStatusChip } from './DownloadStatusChip';
import { TestDownloadLink } from './TestDownloadLink';

export function DownloadList() {
  const translate = useTranslate();
  return (
    <ResourceList
      resource="downloads"
      detail={DownloadDetail}
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={[
        <SelectInput key="platform" source="platform" choices={platformChoices} />,
        <NullableBooleanInput
          key="isActive"
          source="isActive"
          trueLabel={translate('tm.downloads.active')}
          falseLabel={translate('tm.downloads.inactive')}
        />,
      ]}
      bulkActions={
        <>
          <BulkUpdateButton
            label={translate('tm.downloads.activate')}
            data={{ isActive: true }}
            mutationMode="pessimistic"
          />
          <BulkUpdateButton
            label={translate('tm.downloads.deactivate')}
            data={{ isActive: false }}
            mutationMode="pessimistic"
          />
        </>
      }
      rowActions={
        <ResourceRowActions
          resource="downloads"
          label={translate('tm.list.actions')}
          extra={<TestDownloadLink />}
        />
      }
    >
      <FunctionField
        source="name"
        label="tm.downloads.columns.application"
        render={(record: RaRecord) => <TwoLines first={record.name} second={record.description} />}
      />
      <FunctionField
        source="platform"
        label="tm.downloads.columns.platform"
        render={(r: RaRecord) => r.platform}
      />
      <FunctionField
        source="version"
        sortable={false}
        label="tm.downloads.columns.version_size"
        render={(record: RaRecord) => (
          <TwoLines
            first={translate('tm.downloads.version', { version: record.version })}
            second={record.size}
          />
        )}
      />
      <FunctionField
        source="downloads"
        label="tm.downloads.columns.downloads_rating"
        render={(record: RaRecord) => (
          <TwoLines
            first={translate('tm.downloads.downloads_count', {
              count: Number(record.downloads ?? 0).toLocaleString('id-ID'),
            })}
            second={`★ ${record.rating}`}
          />
        )}
      />
      <FunctionField
        source="isActive"
        sortable={false}
        label="tm.downloads.columns.status"
        render={(record: RaRecord) => <DownloadStatusChip active={Boolean(record.isActive)} />}
      />
    </ResourceList>
  );
}
