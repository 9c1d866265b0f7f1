import HandshakeIcon from '@mui/icons-material/Handshake';
import { personResource } from '../../components/personResource';
import { messages } from './messages';
import { lazyList, lazyScreen } from '../lazyScreen';

export default personResource('mitra', {
  list: lazyList(() => import('./MitraList'), 'MitraList'),
  create: lazyScreen(() => import('./MitraForm'), 'MitraCreate'),
  edit: lazyScreen(() => import('./MitraForm'), 'MitraEdit'),
  icon: HandshakeIcon,
  messages,
});
