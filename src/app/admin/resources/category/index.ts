import CategoryIcon from '@mui/icons-material/Category';
import type { PanelResource } from '../resource';
import { messages } from './messages';
import { lazyList } from '../lazyScreen';
import { firstScreens } from '../../firstScreens';

export default {
  name: 'category',
  // PUT replaces the whole record: an unchanged field is sent too.
  api: { base: '/admin/category', alwaysSend: ['type_name', 'description'] },
  list: lazyList(firstScreens.category, 'CategoryList'),
  icon: CategoryIcon,
  recordRepresentation: 'type_name',
  messages,
} satisfies PanelResource;
