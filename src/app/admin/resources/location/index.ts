import PlaceIcon from '@mui/icons-material/Place';
import type { RaRecord } from 'react-admin';
import { LocationList } from './LocationList';

export default {
  list: LocationList,
  icon: PlaceIcon,
  recordRepresentation: (record: RaRecord) => String(record.location_name ?? ''),
};
