import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';
import { personName } from '../../components/personName';
import { PERSON_ALWAYS_SEND } from '../../components/personResource';
import { lazyList, lazyScreen } from '../lazyScreen';
import { firstScreens } from '../../firstScreens';
import type { PanelResource } from '../resource';
import { messages } from './messages';

export default {
  name: 'users',
  api: { base: '/admin/users', alwaysSend: PERSON_ALWAYS_SEND },
  list: lazyList(firstScreens.users, 'UserList'),
  create: lazyScreen(() => import('../../components/PersonForm'), 'PersonCreate'),
  edit: lazyScreen(() => import('../../components/PersonForm'), 'PersonEdit'),
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => personName(record),
  messages,
} satisfies PanelResource;
