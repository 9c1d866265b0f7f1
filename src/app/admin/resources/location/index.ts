import PlaceIcon from '@mui/icons-material/Place';
import type { RaRecord } from 'react-admin';
import { LocationList } from './LocationList';
import type { PanelResource } from '../resource';
import { messages } from './messages';

export default {
  name: 'location',
  api: { base: '/admin/location' },
  list: LocationList,
  icon: PlaceIcon,
  recordRepresentation: (record: RaRecord) => String(record.location_name ?? ''),
  messages,
} satisfies PanelResource;
