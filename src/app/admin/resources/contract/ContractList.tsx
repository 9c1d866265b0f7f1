import { ThemeProvider, type Theme } from '@mui/material/styles';
import { FunctionField, ReferenceInput, SelectInput, useTranslate, type RaRecord } from 'react-admin';
import { CONTRACT_STATUSES, MAX_PAGE_SIZE } from '../../../../shared/constants';
import { contractDeletable } from '../../../../shared/contracts';
import { ResourceList } from '../../components/ResourceList';
import { ResourceRowActions } from '../../components/ResourceRowActions';
import { TwoLines } from '../../components/TwoLines';
import { ContractDetail } from './ContractDetail';
import { ContractStatusField } from './ContractStatusChip';

const deletable = (record: RaRecord) =>
  contractDeletable({ has_signatures: record.has_signatures !== false });

/**
 * Only contracts the server deletes can be ticked for the bulk delete (it refuses a signed one with 409).
 * ResourceList owns the Datagrid, so its isRowSelectable comes through the theme's default props; the
 * toolbar's 'select all N', which would tick every contract on every page, is left out for the same reason.
 */
const onlyDeletableSelectable = (outer: Theme): Theme => ({
  ...outer,
  components: {
    ...outer.components,
    RaDatagrid: { defaultProps: { isRowSelectable: deletable } },
    RaBulkActionsToolbar: { defaultProps: { selectAllButton: false } },
  } as Theme['components'],
});

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
    <ThemeProvider theme={onlyDeletableSelectable}>
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
            canDelete={deletable}
          />
        }
      >
        <FunctionField source="title" render={ContractTitle} />
        <ContractStatusField source="status" />
      </ResourceList>
    </ThemeProvider>
  );
}
