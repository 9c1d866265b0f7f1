import { sql } from 'drizzle-orm';
import type { PaymentStatus } from '../../../shared/settlement.js';
import { contracts } from '../../db/schema.js';

/**
 * paymentStatus() of src/shared/settlement.ts as SQL over the contracts row, for the contract records of lists
 * (written by PostgreSQL as JSON): the same rules, today in WIB. test/server/settlement.test.ts holds them equal.
 */
export const paymentStatusSql = sql<PaymentStatus>`(case
  when ${contracts.settled_outstanding} > 0 and ${contracts.payment_due_date} < (now() at time zone 'Asia/Jakarta')::date then 'overdue'
  when ${contracts.settled_outstanding} = 0 and ${contracts.settled_gross} > 0 then 'paid'
  when ${contracts.settled_paid} > 0 then 'partial'
  else 'unpaid' end)`;
