import AgricultureIcon from '@mui/icons-material/Agriculture';
import type { RaRecord } from 'react-admin';
import { PERSON_ALWAYS_SEND } from '../../components/PersonForm';
import { personName } from '../../components/personName';
import type { PanelResource } from '../resource';
import { messages } from './messages';
import { PetaniCreate, PetaniEdit } from './PetaniForm';
import { PetaniList } from './PetaniList';

export default {
  name: 'petani',
  api: { base: '/admin/petani', alwaysSend: PERSON_ALWAYS_SEND },
  list: PetaniList,
  create: PetaniCreate,
  edit: PetaniEdit,
  icon: AgricultureIcon,
  recordRepresentation: (record: RaRecord) => personName(record, 'fullname_petani'),
  messages,
} satisfies PanelResource;
