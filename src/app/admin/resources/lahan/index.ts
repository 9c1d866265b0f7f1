import LandscapeIcon from '@mui/icons-material/Landscape';
import type { PanelResource } from '../resource';
import { LahanCreate, LahanEdit } from './LahanForm';
import { LahanList } from './LahanList';
import { messages } from './messages';

export default {
  name: 'lahan',
  api: { base: '/lahan', update: '/admin/lahan' },
  list: LahanList,
  create: LahanCreate,
  edit: LahanEdit,
  icon: LandscapeIcon,
  recordRepresentation: 'nama_lahan',
  messages,
} satisfies PanelResource;
