import LandscapeIcon from '@mui/icons-material/Landscape';
import type { PanelResource } from '../resource';
import { messages } from './messages';
import { lazyList, lazyScreen } from '../lazyScreen';
import { firstScreens } from '../../firstScreens';

export default {
  name: 'lahan',
  api: { base: '/lahan', update: '/admin/lahan' },
  list: lazyList(firstScreens.lahan, 'LahanList'),
  create: lazyScreen(() => import('./LahanForm'), 'LahanCreate'),
  edit: lazyScreen(() => import('./LahanForm'), 'LahanEdit'),
  icon: LandscapeIcon,
  recordRepresentation: 'nama_lahan',
  messages,
} satisfies PanelResource;
