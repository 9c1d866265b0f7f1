import DownloadIcon from '@mui/icons-material/Download';
import type { RaRecord } from 'react-admin';
import { DownloadCreate, DownloadEdit } from './DownloadForm';
import { DownloadList } from './DownloadList';
import type { PanelResource } from '../resource';
import { messages } from './messages';

export default {
  name: 'downloads',
  api: { base: '/admin/downloads' },
  list: DownloadList,
  create: DownloadCreate,
  edit: DownloadEdit,
  icon: DownloadIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
  messages,
} satisfies PanelResource;
