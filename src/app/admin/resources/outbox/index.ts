import OutboxIcon from '@mui/icons-material/Outbox';
import type { PanelResource } from '../resource';
import { lazyList } from '../lazyScreen';
import { messages } from './messages';

/** The notifications' outbox (issue 29): read-only but for resending a failed send. */
export default {
  name: 'outbox',
  api: { base: '/admin/notification-sends' },
  list: lazyList(() => import('./OutboxList'), 'OutboxList'),
  icon: OutboxIcon,
  messages,
} satisfies PanelResource;
