import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';
import { PersonCreate, PersonEdit } from '../../components/PersonForm';
import { personName } from '../../components/personName';
import { UserList } from './UserList';

export default {
  list: UserList,
  create: PersonCreate,
  edit: PersonEdit,
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => personName(record),
};
