import AgricultureIcon from '@mui/icons-material/Agriculture';
import { personResource } from '../../components/personResource';
import { messages } from './messages';
import { PetaniCreate, PetaniEdit } from './PetaniForm';
import { PetaniList } from './PetaniList';

export default personResource('petani', {
  list: PetaniList,
  create: PetaniCreate,
  edit: PetaniEdit,
  icon: AgricultureIcon,
  messages,
});
