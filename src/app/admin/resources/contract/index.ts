import DescriptionIcon from '@mui/icons-material/Description';
import type { PanelResource } from '../resource';
import { messages } from './messages';
import { lazyList, lazyScreen } from '../lazyScreen';

export default {
  name: 'contract',
  api: { base: '/contract' },
  list: lazyList(() => import('./ContractList'), 'ContractList'),
  create: lazyScreen(() => import('./ContractForm'), 'ContractCreate'),
  edit: lazyScreen(() => import('./ContractForm'), 'ContractEdit'),
  icon: DescriptionIcon,
  recordRepresentation: 'title',
  messages,
} satisfies PanelResource;
