import DownloadIcon from '@mui/icons-material/Download';
import type { PanelResource } from '../resource';
import { DownloadCreate, DownloadEdit } from './DownloadForm';
import { DownloadList } from './DownloadList';
import { messages } from './messages';

export default {
  name: 'downloads',
  api: { base: '/admin/downloads' },
  list: DownloadList,
  create: DownloadCreate,
  edit: DownloadEdit,
  icon: DownloadIcon,
  recordRepresentation: 'name',
  messages,
} satisfies PanelResource;
