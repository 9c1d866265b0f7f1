import PlaceIcon from '@mui/icons-material/Place';
import type { PanelResource } from '../resource';
import { LocationList } from './LocationList';
import { messages } from './messages';

export default {
  name: 'location',
  api: { base: '/admin/location' },
  list: LocationList,
  icon: PlaceIcon,
  recordRepresentation: 'location_name',
  messages,
} satisfies PanelResource;
