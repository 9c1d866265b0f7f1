import { FunctionField, type RaRecord } from 'react-admin';
import { personName } from './personName';

/** The display-name column, sorted by full_name on the server. */
export function NameField({ ownField }: { ownField?: 'fullname_mitra' | 'fullname_petani'; label?: string }) {
  return (
    <FunctionField<RaRecord>
      source="full_name"
      sortBy="full_name"
      render={(record) => personName(record, ownField)}
    />
  );
}
