import type { SortPayload } from 'react-admin';

/** The lahan tab's order (ResourceList's default), given to the list and the map alike so the address agrees. */
export const LAHAN_SORT: SortPayload = { field: 'created_at', order: 'DESC' };
