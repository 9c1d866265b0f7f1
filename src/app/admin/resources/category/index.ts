import CategoryIcon from '@mui/icons-material/Category';
import type { PanelResource } from '../resource';
import { CategoryList } from './CategoryList';
import { messages } from './messages';

export default {
  name: 'category',
  // PUT replaces the whole record: an unchanged field is sent too.
  api: { base: '/admin/category', alwaysSend: ['type_name', 'description'] },
  list: CategoryList,
  icon: CategoryIcon,
  recordRepresentation: 'type_name',
  messages,
} satisfies PanelResource;
