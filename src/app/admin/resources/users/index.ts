import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';
import { PERSON_ALWAYS_SEND, PersonCreate, PersonEdit } from '../../components/PersonForm';
import { personName } from '../../components/personName';
import type { PanelResource } from '../resource';
import { messages } from './messages';
import { UserList } from './UserList';

export default {
  name: 'users',
  api: { base: '/admin/users', alwaysSend: PERSON_ALWAYS_SEND },
  list: UserList,
  create: PersonCreate,
  edit: PersonEdit,
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => personName(record),
  messages,
} satisfies PanelResource;
