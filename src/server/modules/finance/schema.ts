import { Type, type Static } from 'typebox';
import { Id, listQueryProperties, Nullable } from '../../http/schemas.js';

const Rupiah = (description: string) =>
  Type.Integer({ minimum: 0, description: `${description}, integer rupiah` });
const Day = (description: string) => Type.String({ format: 'date', description });

/** `GET /admin/finance/summary`. */
export const FinanceSummary = Type.Object({
  value_delivered: Rupiah('Σ of the confirmed deliveries of every contract (settled gross)'),
  paid: Rupiah('Σ of the confirmed payments of every contract'),
  outstanding: Rupiah('Σ still owed over every contract (net of confirmed advances and payments)'),
  owing_contracts: Type.Integer({ minimum: 0, description: 'Contracts that still owe anything' }),
  overdue_amount: Rupiah('Σ still owed on contracts past their payment due date (WIB)'),
  overdue_count: Type.Integer({ minimum: 0, description: 'Contracts owing past their payment due date' }),
  median_days_to_payment: Nullable(
    Type.Number({
      minimum: 0,
      description:
        'Median days from a delivery’s confirmation (its day in WIB) to the day payments covered it, over the ' +
        'deliveries covered in the last 90 days; null when none was',
    }),
  ),
  paid_deliveries_90d: Type.Integer({ minimum: 0, description: 'The deliveries that median is taken over' }),
  today: Day('Today in WIB, the day "overdue" is measured against'),
});
export type FinanceSummary = Static<typeof FinanceSummary>;

/** One row of `GET /admin/finance/outstanding`: a mitra with contracts still owing. */
export const OutstandingRow = Type.Object({
  mitra_id: Nullable(Id('The mitra (null: an account since deleted)')),
  mitra_name: Nullable(Type.String()),
  company_name: Nullable(Type.String()),
  contracts_owing: Type.Integer({ minimum: 1 }),
  outstanding: Rupiah('Still owed over those contracts'),
  overdue_amount: Rupiah('Of which past the due date'),
  oldest_due_date: Nullable(Day('The earliest payment due date among them')),
});
export type OutstandingRow = Static<typeof OutstandingRow>;

/** One row of `GET /admin/finance/overdue`: a contract owing past its due date. */
export const OverdueRow = Type.Object({
  id: Id(),
  title: Type.String(),
  mitra_id: Nullable(Id()),
  mitra_name: Nullable(Type.String()),
  petani_id: Nullable(Id()),
  petani_name: Nullable(Type.String()),
  outstanding: Rupiah('Still owed'),
  due_date: Day('Payment due date'),
  days_late: Type.Integer({ minimum: 1, description: 'Days past the due date, today in WIB' }),
});
export type OverdueRow = Static<typeof OverdueRow>;

/** The finance lists' query: a page, nothing else (each has one order: what matters most first). */
export const FinancePageQuery = Type.Object(
  { page: listQueryProperties.page, limit: listQueryProperties.limit },
  { additionalProperties: false },
);
export type FinancePageQuery = Static<typeof FinancePageQuery>;
