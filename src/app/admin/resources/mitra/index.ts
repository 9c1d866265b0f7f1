import HandshakeIcon from '@mui/icons-material/Handshake';
import type { RaRecord } from 'react-admin';
import { personName } from '../../components/personName';
import { MitraCreate, MitraEdit } from './MitraForm';
import { MitraList } from './MitraList';

export default {
  list: MitraList,
  create: MitraCreate,
  edit: MitraEdit,
  icon: HandshakeIcon,
  recordRepresentation: (record: RaRecord) => personName(record, 'fullname_mitra'),
};
