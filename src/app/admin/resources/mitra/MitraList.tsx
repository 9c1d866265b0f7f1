import { useTranslate } from 'react-admin';
import { BulkVerifyButtons } from '../../components/BulkVerifyButtons';
import { NameField } from '../../components/NameField';
import { PersonMoreActions } from '../../components/PersonMoreActions';
import { ResourceList } from '../../components/ResourceList';
import { ResourceRowActions } from '../../components/ResourceRowActions';
import { VerificationBadge } from '../../components/VerificationBadge';
import { verificationFilter } from '../../components/verificationFilter';
import { MitraDetail } from './MitraDetail';

/** Columns Name, Status (the verification toggle), Actions (docs/spec-notes.md §2). */
export function MitraList() {
  const translate = useTranslate();
  return (
    <ResourceList
      resource="mitra"
      bulkActions={<BulkVerifyButtons />}
      detail={MitraDetail}
      filters={[verificationFilter(translate)]}
      rowActions={
        <ResourceRowActions
          resource="mitra"
          label={translate('tm.list.actions')}
          deleteTexts={false}
          more={<PersonMoreActions nameField="fullname_mitra" />}
        />
      }
    >
      <NameField ownField="fullname_mitra" label="resources.mitra.fields.fullname_mitra" />
      <VerificationBadge source="status_verifikasi" sortable={false} nameField="fullname_mitra" />
    </ResourceList>
  );
}
