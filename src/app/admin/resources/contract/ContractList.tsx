import { FunctionField, ReferenceInput, SelectInput, useTranslate, type RaRecord } from 'react-admin';
import { CONTRACT_STATUSES, MAX_PAGE_SIZE } from '../../../../shared/constants';
import { contractDeletable } from '../../../../shared/contracts';
import { ResourceList } from '../../components/ResourceList';
import { ResourceRowActions } from '../../components/ResourceRowActions';
import { TwoLines } from '../../components/TwoLines';
import { ContractDetail } from './ContractDetail';
import { ContractStatusField } from './ContractStatusChip';

function ContractTitle(record: RaRecord) {
  const parties = [record.fullname_petani ?? record.petani_nama, record.fullname_mitra].filter(Boolean);
  return (
    <TwoLines
      first={record.title || record.contract_type}
      second={[record.contract_type, parties.join(' — ')].filter(Boolean).join(' · ')}
    />
  );
}

export function ContractList() {
  const translate = useTranslate();
  return (
    <ResourceList
      resource="contract"
      detail={ContractDetail}
      filters={[
        <SelectInput
          key="status"
          source="status"
          choices={CONTRACT_STATUSES.map((id) => ({ id, name: id }))}
        />,
        <ReferenceInput
          key="contract_category_id"
          source="contract_category_id"
          reference="contract-category"
          perPage={MAX_PAGE_SIZE}
        >
          <SelectInput optionText="type_name" label="resources.contract.fields.contract_category_id" />
        </ReferenceInput>,
      ]}
      rowActions={
        <ResourceRowActions
          resource="contract"
          label={translate('tm.list.actions')}
          canDelete={(record) => contractDeletable({ has_signatures: record.has_signatures !== false })}
        />
      }
    >
      <FunctionField source="title" render={ContractTitle} />
      <ContractStatusField source="status" />
    </ResourceList>
  );
}
