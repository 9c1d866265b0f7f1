import { TextField, useTranslate } from 'react-admin';
import { DateText } from '../../components/DateText';
import { AddNewDialogButton, DialogEditing, EditDialogButton } from '../../components/DialogEditing';
import { ResourceList } from '../../components/ResourceList';
import { ResourceRowActions } from '../../components/ResourceRowActions';
import { LocationDetail } from './LocationDetail';
import { LocationFormDialog } from './LocationFormDialog';
import { ProvinceFilterInput } from '../../components/ProvinceFilterInput';

export function LocationList() {
  const translate = useTranslate();
  return (
    <DialogEditing form={LocationFormDialog}>
      <ResourceList
        resource="location"
        detail={LocationDetail}
        filters={[
          <ProvinceFilterInput
            key="province_id"
            source="province_id"
            label="resources.location.fields.province_id"
          />,
        ]}
        createButton={<AddNewDialogButton />}
        rowActions={
          <ResourceRowActions
            resource="location"
            label={translate('tm.list.actions')}
            edit={false}
            extra={<EditDialogButton />}
          />
        }
      >
        <TextField source="location_name" />
        <TextField source="sub_district_name" sortable={false} />
        <TextField source="district_name" sortable={false} />
        <TextField source="province_name" />
        <DateText source="created_at" withTime label="resources.location.fields.created_at" />
      </ResourceList>
    </DialogEditing>
  );
}
