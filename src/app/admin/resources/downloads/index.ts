import DownloadIcon from '@mui/icons-material/Download';
import type { RaRecord } from 'react-admin';
import { DownloadCreate, DownloadEdit } from './DownloadForm';
import { DownloadList } from './DownloadList';

export default {
  list: DownloadList,
  create: DownloadCreate,
  edit: DownloadEdit,
  icon: DownloadIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
