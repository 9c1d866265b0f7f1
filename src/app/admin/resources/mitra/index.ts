import HandshakeIcon from '@mui/icons-material/Handshake';
import type { RaRecord } from 'react-admin';
import { PERSON_ALWAYS_SEND } from '../../components/PersonForm';
import { personName } from '../../components/personName';
import type { PanelResource } from '../resource';
import { messages } from './messages';
import { MitraCreate, MitraEdit } from './MitraForm';
import { MitraList } from './MitraList';

export default {
  name: 'mitra',
  api: { base: '/admin/mitra', alwaysSend: PERSON_ALWAYS_SEND },
  list: MitraList,
  create: MitraCreate,
  edit: MitraEdit,
  icon: HandshakeIcon,
  recordRepresentation: (record: RaRecord) => personName(record, 'fullname_mitra'),
  messages,
} satisfies PanelResource;
