import HistoryIcon from '@mui/icons-material/History';
import type { PanelResource } from '../resource';
import { messages } from './messages';
import { lazyList } from '../lazyScreen';
import { firstScreens } from '../../firstScreens';

/** Read-only: a list and nothing else. */
export default {
  name: 'audit',
  api: { base: '/admin/audit' },
  list: lazyList(firstScreens.audit, 'AuditList'),
  icon: HistoryIcon,
  messages,
} satisfies PanelResource;
