import { useTranslate } from 'react-admin';
import { BulkVerifyButtons } from '../../components/BulkVerifyButtons';
import { NameField } from '../../components/NameField';
import { PersonMoreActions } from '../../components/PersonMoreActions';
import { ResourceList } from '../../components/ResourceList';
import { ResourceRowActions } from '../../components/ResourceRowActions';
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
      rowActions={
        <ResourceRowActions
          resource="petani"
          label={translate('tm.list.actions')}
          deleteTexts={false}
          more={<PersonMoreActions nameField="fullname_petani" />}
        />
      }
    >
      <NameField ownField="fullname_petani" label="resources.petani.fields.fullname_petani" />
      <VerificationBadge source="status_verifikasi" sortable={false} nameField="fullname_petani" />
    </ResourceList>
  );
}
