import DescriptionIcon from '@mui/icons-material/Description';
import type { RaRecord } from 'react-admin';
import { ContractCreate, ContractEdit } from './ContractForm';
import { ContractList } from './ContractList';
import type { PanelResource } from '../resource';
import { messages } from './messages';

export default {
  name: 'contract',
  api: { base: '/contract' },
  list: ContractList,
  create: ContractCreate,
  edit: ContractEdit,
  icon: DescriptionIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
  messages,
} satisfies PanelResource;
