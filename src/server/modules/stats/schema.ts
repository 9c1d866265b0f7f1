import { Type, type TSchema } from 'typebox';
import { CONTRACT_STATUSES, LAHAN_STATUSES, ROLES } from '../../../shared/constants.js';
import { Contract } from '../contracts/schema.js';

/** `{ key: count }` with every key present, zeros included. */
const countsOf = (keys: readonly string[]) =>
  Type.Object(
    Object.fromEntries(keys.map((k) => [k, Type.Integer({ minimum: 0 })])) as Record<string, TSchema>,
  );

export const AdminStats = Type.Object({
  users: Type.Object({
    total: Type.Integer(),
    byRole: countsOf(ROLES),
    verified: Type.Integer(),
    unverified: Type.Integer(),
  }),
  lahan: Type.Object({
    total: Type.Integer(),
    totalArea: Type.Number({ description: 'Sum of luas_lahan, m²' }),
    byStatus: countsOf(LAHAN_STATUSES),
  }),
  contracts: Type.Object({
    total: Type.Integer(),
    byStatus: countsOf(CONTRACT_STATUSES),
    valueUnderContract: Type.Number({
      description: 'Sum of price × quantity of the approved and active contracts, rupiah',
    }),
  }),
  recentContracts: Type.Array(Contract, { description: 'The 5 newest contracts' }),
});
