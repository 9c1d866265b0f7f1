/** The finance view's records as the panel reads them (docs/API.md, Finance; server: modules/finance/schema.ts). */

export interface FinanceSummary {
  value_delivered: number;
  paid: number;
  outstanding: number;
  owing_contracts: number;
  overdue_amount: number;
  overdue_count: number;
  median_days_to_payment: number | null;
  paid_deliveries_90d: number;
  today: string;
}

export interface OutstandingRow {
  mitra_id: number | null;
  mitra_name: string | null;
  company_name: string | null;
  contracts_owing: number;
  outstanding: number;
  overdue_amount: number;
  oldest_due_date: string | null;
}

export interface OverdueRow {
  id: number;
  title: string;
  mitra_id: number | null;
  mitra_name: string | null;
  petani_id: number | null;
  petani_name: string | null;
  outstanding: number;
  due_date: string;
  days_late: number;
}

export type FinanceList = 'outstanding' | 'overdue';
