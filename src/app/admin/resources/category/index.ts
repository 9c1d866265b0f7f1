import CategoryIcon from '@mui/icons-material/Category';
import type { RaRecord } from 'react-admin';
import { CategoryList } from './CategoryList';
import type { PanelResource } from '../resource';
import { messages } from './messages';

export default {
  name: 'category',
  api: { base: '/admin/category' },
  list: CategoryList,
  icon: CategoryIcon,
  recordRepresentation: (record: RaRecord) => String(record.type_name ?? ''),
  messages,
} satisfies PanelResource;
