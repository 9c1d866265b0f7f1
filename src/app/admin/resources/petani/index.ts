import AgricultureIcon from '@mui/icons-material/Agriculture';
import type { RaRecord } from 'react-admin';
import { personName } from '../../components/personName';
import { PetaniCreate, PetaniEdit } from './PetaniForm';
import { PetaniList } from './PetaniList';

export default {
  list: PetaniList,
  create: PetaniCreate,
  edit: PetaniEdit,
  icon: AgricultureIcon,
  recordRepresentation: (record: RaRecord) => personName(record, 'fullname_petani'),
};
