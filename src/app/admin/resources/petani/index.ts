import AgricultureIcon from '@mui/icons-material/Agriculture';
import { personResource } from '../../components/personResource';
import { messages } from './messages';
import { lazyList, lazyScreen } from '../lazyScreen';
import { firstScreens } from '../../firstScreens';

export default personResource('petani', {
  list: lazyList(firstScreens.petani, 'PetaniList'),
  create: lazyScreen(() => import('./PetaniForm'), 'PetaniCreate'),
  edit: lazyScreen(() => import('./PetaniForm'), 'PetaniEdit'),
  icon: AgricultureIcon,
  messages,
});
