import LandscapeIcon from '@mui/icons-material/Landscape';
import type { RaRecord } from 'react-admin';
import { LahanCreate, LahanEdit } from './LahanForm';
import { LahanList } from './LahanList';
import type { PanelResource } from '../resource';
import { messages } from './messages';

export default {
  name: 'lahan',
  api: { base: '/lahan', update: '/admin/lahan' },
  list: LahanList,
  create: LahanCreate,
  edit: LahanEdit,
  icon: LandscapeIcon,
  recordRepresentation: (record: RaRecord) => String(record.nama_lahan ?? ''),
  messages,
} satisfies PanelResource;
