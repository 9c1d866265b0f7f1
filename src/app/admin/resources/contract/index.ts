import DescriptionIcon from '@mui/icons-material/Description';
import type { PanelResource } from '../resource';
import { ContractCreate, ContractEdit } from './ContractForm';
import { ContractList } from './ContractList';
import { messages } from './messages';

export default {
  name: 'contract',
  api: { base: '/contract' },
  list: ContractList,
  create: ContractCreate,
  edit: ContractEdit,
  icon: DescriptionIcon,
  recordRepresentation: 'title',
  messages,
} satisfies PanelResource;
