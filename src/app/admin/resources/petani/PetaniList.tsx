import { useTranslate } from 'react-admin';
import { BulkVerifyButtons } from '../../components/BulkVerifyButtons';
import { NameField } from '../../components/NameField';
import { ResourceList } from '../../components/ResourceList';
import { VerificationBadge } from '../../components/VerificationBadge';
import { verificationFilter } from '../../components/verificationFilter';
import { PetaniDetail } from './PetaniDetail';

/** Same layout as mitra (docs/spec-notes.md §2). */
export function PetaniList() {
  const translate = useTranslate();
  return (
    <ResourceList
      resource="petani"
      bulkActions={<BulkVerifyButtons />}
      detail={PetaniDetail}
      filters={[verificationFilter(translate)]}
    >
      <NameField ownField="fullname_petani" label="resources.petani.fields.fullname_petani" />
      <VerificationBadge source="status_verifikasi" sortable={false} nameField="fullname_petani" />
    </ResourceList>
  );
}
