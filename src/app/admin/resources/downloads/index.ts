import DownloadIcon from '@mui/icons-material/Download';
import type { PanelResource } from '../resource';
import { messages } from './messages';
import { lazyList, lazyScreen } from '../lazyScreen';
import { firstScreens } from '../../firstScreens';

export default {
  name: 'downloads',
  api: { base: '/admin/downloads' },
  list: lazyList(firstScreens.downloads, 'DownloadList'),
  create: lazyScreen(() => import('./DownloadForm'), 'DownloadCreate'),
  edit: lazyScreen(() => import('./DownloadForm'), 'DownloadEdit'),
  icon: DownloadIcon,
  recordRepresentation: 'name',
  messages,
} satisfies PanelResource;
