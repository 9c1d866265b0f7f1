import CategoryIcon from '@mui/icons-material/Category';
import type { PanelResource } from '../resource';
import { CategoryList } from './CategoryList';
import { messages } from './messages';

export default {
  name: 'category',
  api: { base: '/admin/category' },
  list: CategoryList,
  icon: CategoryIcon,
  recordRepresentation: 'type_name',
  messages,
} satisfies PanelResource;
