import { eq, isNotNull, isNull, not, or } from 'drizzle-orm';
import { Type } from 'typebox';
import { CONTRACT_STATUSES } from '../../../shared/constants.js';
import { equals, filter, listResource } from '../../db/lists/resource.js';
import { alphabeticalRank, contracts } from '../../db/schema.js';
import { Id } from '../../http/schemas.js';
import { contract, joinCategoryPartiesLahan } from './records.js';

/** The contract list: the counters (list_counts 'contracts', k1 the status) serve an admin's narrowed by status alone. */
export const contractList = listResource({
  entity: 'contracts',
  table: contracts,
  id: contracts.id,
  json: contract.json,
  from: joinCategoryPartiesLahan,
  search: contracts.search_text,
  sorts: {
    created_at: contracts.created_at,
    title: contracts.title,
    // Alphabetical, not the enum's declaration order.
    status: alphabeticalRank(contracts.status),
    start_date: contracts.start_date,
  },
  filters: {
    status: equals(contracts.status, Type.Enum(CONTRACT_STATUSES), { key: 'k1' }),
    // Whose step it is is the caller's (an admin: anyone's); false: the rest.
    awaiting: filter(
      Type.Boolean({
        description:
          "true: the contracts waiting for the caller's step (a party: awaiting = their role; an admin: any party's); false: the others",
      }),
      (awaiting, bind, _name, _query, viewer) => {
        const mine =
          viewer?.role === 'admin'
            ? isNotNull(contracts.awaiting)
            : eq(contracts.awaiting, bind('awaiting', viewer?.role)!);
        return awaiting ? mine : or(isNull(contracts.awaiting), not(mine));
      },
      { inShape: true },
    ),
    contract_category_id: equals(contracts.contract_category_id, Id()),
    petani_id: equals(contracts.petani_id, Id()),
    mitra_id: equals(contracts.mitra_id, Id()),
    lahan_id: equals(contracts.lahan_id, Id()),
  },
});
