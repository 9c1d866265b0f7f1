import type { RaRecord } from 'react-admin';
import type { PanelResource } from '../resources/resource';
import { personName } from './personName';

/** What a people update must repeat even when unchanged: the API requires both in every update. */
export const PERSON_ALWAYS_SEND = ['full_name', 'email'] as const;

type PersonScreens = Required<Pick<PanelResource, 'list' | 'create' | 'edit' | 'icon' | 'messages'>>;

/** A person resource (mitra, petani): its path, update rule and display name follow from its role. */
export function personResource(role: 'mitra' | 'petani', screens: PersonScreens): PanelResource {
  return {
    name: role,
    api: { base: `/admin/${role}`, alwaysSend: PERSON_ALWAYS_SEND },
    ...screens,
    recordRepresentation: (record: RaRecord) => personName(record, `fullname_${role}`),
  };
}
