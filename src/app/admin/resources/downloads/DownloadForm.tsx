import {
  BooleanInput,
  Create,
  DateInput,
  Edit,
  NumberInput,
  SelectInput,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { EditForm } from '../../components/EditForm';
import { DOWNLOAD_PLATFORMS, RATING_STEP } from '../../../../shared/constants';
import { ChangelogInput } from './ChangelogInput';
import { downloadDefaults, downloadPayload, downloadValidators as rules } from './downloadRules';

export const platformChoices = DOWNLOAD_PLATFORMS.map((id) => ({ id, name: id }));

function DownloadForm({ defaultValues }: { defaultValues?: object }) {
  return (
    <EditForm defaultValues={defaultValues}>
      <TextInput source="name" validate={rules.name} fullWidth />
      <SelectInput source="platform" choices={platformChoices} />
      <TextInput source="version" validate={rules.version} />
      <TextInput source="size" validate={rules.size} />
      <NumberInput source="downloads" validate={rules.downloads} />
      <NumberInput source="rating" validate={rules.rating} step={RATING_STEP} />
      <DateInput source="releaseDate" />
      <TextInput source="description" validate={rules.description} multiline minRows={3} fullWidth />
      <TextInput source="downloadUrl" validate={rules.downloadUrl} fullWidth />
      <ChangelogInput />
      <BooleanInput source="isActive" />
    </EditForm>
  );
}

export const DownloadCreate = () => (
  <Create redirect="list" transform={(data: RaRecord) => downloadPayload(data)}>
    <DownloadForm defaultValues={downloadDefaults()} />
  </Create>
);

export const DownloadEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" transform={(data: RaRecord) => downloadPayload(data)}>
    <DownloadForm />
  </Edit>
);
