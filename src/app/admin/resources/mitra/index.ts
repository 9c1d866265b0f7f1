import HandshakeIcon from '@mui/icons-material/Handshake';
import { personResource } from '../../components/personResource';
import { messages } from './messages';
import { MitraCreate, MitraEdit } from './MitraForm';
import { MitraList } from './MitraList';

export default personResource('mitra', {
  list: MitraList,
  create: MitraCreate,
  edit: MitraEdit,
  icon: HandshakeIcon,
  messages,
});
