import HandshakeIcon from '@mui/icons-material/Handshake';
import { personResource } from '../../components/personResource';
import { messages } from './messages';
import { lazyList, lazyScreen } from '../lazyScreen';
import { firstScreens } from '../../firstScreens';

export default personResource('mitra', {
  list: lazyList(firstScreens.mitra, 'MitraList'),
  create: lazyScreen(() => import('./MitraForm'), 'MitraCreate'),
  edit: lazyScreen(() => import('./MitraForm'), 'MitraEdit'),
  icon: HandshakeIcon,
  messages,
});
