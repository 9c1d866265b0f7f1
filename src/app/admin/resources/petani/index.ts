import AgricultureIcon from '@mui/icons-material/Agriculture';
import { personResource } from '../../components/personResource';
import { messages } from './messages';
import { lazyList, lazyScreen } from '../lazyScreen';

export default personResource('petani', {
  list: lazyList(() => import('./PetaniList'), 'PetaniList'),
  create: lazyScreen(() => import('./PetaniForm'), 'PetaniCreate'),
  edit: lazyScreen(() => import('./PetaniForm'), 'PetaniEdit'),
  icon: AgricultureIcon,
  messages,
});
