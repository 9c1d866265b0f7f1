import { TextField, useTranslate } from 'react-admin';
import { booleanFilter } from '../../components/booleanFilter';
import { DateText } from '../../components/DateText';
import { AddNewDialogButton, DialogEditing, EditDialogButton } from '../../components/DialogEditing';
import { ResourceList } from '../../components/ResourceList';
import { ResourceRowActions } from '../../components/ResourceRowActions';
import { CategoryDetail } from './CategoryDetail';
import { CategoryFormDialog } from './CategoryFormDialog';

export function CategoryList() {
  const translate = useTranslate();
  return (
    <DialogEditing form={CategoryFormDialog}>
      <ResourceList
        resource="category"
        detail={CategoryDetail}
        filters={[
          booleanFilter('in_use', {
            label: translate('tm.category.in_use'),
            yes: translate('tm.category.in_use_yes'),
            no: translate('tm.category.in_use_no'),
          }),
        ]}
        createButton={<AddNewDialogButton />}
        rowActions={
          <ResourceRowActions
            resource="category"
            label={translate('tm.list.actions')}
            edit={false}
            extra={<EditDialogButton />}
          />
        }
      >
        <TextField source="type_name" />
        <TextField source="description" sortable={false} />
        <DateText source="created_at" withTime label="resources.category.fields.created_at" />
      </ResourceList>
    </DialogEditing>
  );
}
