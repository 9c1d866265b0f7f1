import LandscapeIcon from '@mui/icons-material/Landscape';
import type { RaRecord } from 'react-admin';
import { LahanCreate, LahanEdit } from './LahanForm';
import { LahanList } from './LahanList';

export default {
  list: LahanList,
  create: LahanCreate,
  edit: LahanEdit,
  icon: LandscapeIcon,
  recordRepresentation: (record: RaRecord) => String(record.nama_lahan ?? ''),
};
