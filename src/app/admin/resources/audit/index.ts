import HistoryIcon from '@mui/icons-material/History';
import type { PanelResource } from '../resource';
import { AuditList } from './AuditList';
import { messages } from './messages';

/** Read-only: a list and nothing else. */
export default {
  name: 'audit',
  api: { base: '/admin/audit' },
  list: AuditList,
  icon: HistoryIcon,
  messages,
} satisfies PanelResource;
