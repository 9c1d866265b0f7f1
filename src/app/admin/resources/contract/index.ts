import DescriptionIcon from '@mui/icons-material/Description';
import type { RaRecord } from 'react-admin';
import { ContractCreate, ContractEdit } from './ContractForm';
import { ContractList } from './ContractList';

export default {
  list: ContractList,
  create: ContractCreate,
  edit: ContractEdit,
  icon: DescriptionIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};
