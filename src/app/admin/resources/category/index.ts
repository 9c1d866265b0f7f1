import CategoryIcon from '@mui/icons-material/Category';
import type { RaRecord } from 'react-admin';
import { CategoryList } from './CategoryList';

export default {
  list: CategoryList,
  icon: CategoryIcon,
  recordRepresentation: (record: RaRecord) => String(record.type_name ?? ''),
};
