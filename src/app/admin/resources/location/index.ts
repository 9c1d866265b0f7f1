import PlaceIcon from '@mui/icons-material/Place';
import type { PanelResource } from '../resource';
import { messages } from './messages';
import { lazyList } from '../lazyScreen';
import { firstScreens } from '../../firstScreens';

export default {
  name: 'location',
  // PUT replaces the whole record: an unchanged field is sent too.
  api: { base: '/admin/location', alwaysSend: ['location_name', 'sub_district_id'] },
  list: lazyList(firstScreens.location, 'LocationList'),
  icon: PlaceIcon,
  recordRepresentation: 'location_name',
  messages,
} satisfies PanelResource;

/** The levels above a location, created from the location form: create only, no screens, no texts. */
export const levels = [
  { name: 'province', api: { base: '/admin/province' } },
  { name: 'district', api: { base: '/admin/district' } },
  { name: 'sub_district', api: { base: '/admin/sub-district' } },
] satisfies PanelResource[];
