import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../../src/server/db/engine/client.js';
import type { Terms as VersionTerms } from '../../../src/server/db/seed/demo/contract-story.js';

/**
 * What every contract in a database must satisfy whoever made it (the actions, the demo seed, seed:scale):
 * its terms versions numbered 1…terms_version with the contract holding the last one's terms, each version's
 * hash the SHA-256 of its frozen document; one event per step in order, each from the status the last one
 * left, ending in the contract's status; signatures live only on the current version and hashing its
 * document, both parties' once approved; `awaiting` and the signing times as the actions keep them;
 * deliveries all confirmed once completed; lahan statuses following their contracts. Answers the problems
 * found (empty when none), each naming the contract or lahan.
 */
export async function contractProblems(db: Db | Tx): Promise<string[]> {
  const rowsOf = <T>(query: SQL) => queryRows<T>(db, query);
  const contracts = await rowsOf<Contract>(sql`
    select id, status::text, lahan_id, terms_version, awaiting, verification_code, price::float8 as price, prices, payment_days,
      settled_outstanding > 0 as owed,
      settled_pending > 0 or exists (select 1 from contract_advances a where a.contract_id = contracts.id and a.confirmed_at is null) as unconfirmed_money,
      quantity::float8 as quantity, unit, start_date::text, end_date::text, delivery_terms,
      petani_signed_at::text, mitra_signed_at::text from contracts order by id`);
  const terms = groupBy(
    await rowsOf<Terms>(sql`
      select contract_id, version, price::float8 as price, prices, payment_days, quantity::float8 as quantity, unit,
        start_date::text, end_date::text, delivery_terms, document, document_sha256
      from contract_terms order by contract_id, version`),
  );
  const events = groupBy(
    await rowsOf<Event>(sql`
      select contract_id, action, actor_role, from_status, to_status, terms_version, extract(epoch from created_at)::float8 as at
      from contract_events order by contract_id, id`),
  );
  const signatures = groupBy(
    await rowsOf<Signature>(sql`
      select contract_id, terms_version, signer_role, document_sha256, signed_at::text, voided_at::text
      from contract_signatures order by contract_id, id`),
  );
  const deliveries = groupBy(
    await rowsOf<{ contract_id: number; status: string }>(sql`
      select contract_id, status from contract_deliveries order by contract_id, id`),
  );
  const problems: string[] = [];
  for (const c of contracts) {
    const say = (text: string) => problems.push(`contract ${c.id} (${c.status}): ${text}`);
    checkTerms(c, terms.get(c.id) ?? [], say);
    checkEvents(c, events.get(c.id) ?? [], say);
    checkSignatures(c, terms.get(c.id) ?? [], signatures.get(c.id) ?? [], say);
    const mine = deliveries.get(c.id) ?? [];
    // A recorded delivery waits for the petani; a disputed one for an admin.
    const open = mine.filter((d) => d.status === 'recorded').length;
    if (c.status === 'completed' && (mine.some((d) => d.status !== 'confirmed') || !mine.length))
      say('completed without every delivery confirmed');
    const expected = AWAITING[c.status]?.(c, open) ?? null;
    if (c.awaiting !== expected) say(`awaiting ${c.awaiting}, expected ${expected}`);
  }
  problems.push(...(await lahanProblems(rowsOf)));
  return problems;
}

interface Contract extends Omit<Terms, 'contract_id' | 'version' | 'document' | 'document_sha256'> {
  id: number;
  status: string;
  lahan_id: number | null;
  terms_version: number;
  awaiting: string | null;
  /** Something delivered is still owed; an advance or payment awaits the petani's confirmation. */
  owed: boolean;
  unconfirmed_money: boolean;
  verification_code: string;
  petani_signed_at: string | null;
  mitra_signed_at: string | null;
}
interface Terms extends VersionTerms {
  contract_id: number;
  version: number;
  document: string;
  document_sha256: string;
}
interface Event {
  contract_id: number;
  action: string;
  actor_role: string;
  from_status: string | null;
  to_status: string;
  terms_version: number;
  at: number;
}
interface Signature {
  contract_id: number;
  terms_version: number;
  signer_role: string;
  document_sha256: string;
  signed_at: string;
  voided_at: string | null;
}

const TERM_KEYS = [
  'price',
  'prices',
  'payment_days',
  'quantity',
  'unit',
  'start_date',
  'end_date',
  'delivery_terms',
] as const;
/** Two terms' values alike: a price table row by row (keys in the same order from jsonb and the documents). */
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

function groupBy<T extends { contract_id: number }>(list: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of list) map.set(item.contract_id, [...(map.get(item.contract_id) ?? []), item]);
  return map;
}

function checkTerms(c: Contract, versions: Terms[], say: (text: string) => void) {
  if (
    versions.map((v) => v.version).join() !== Array.from({ length: c.terms_version }, (_, i) => i + 1).join()
  )
    say(`terms versions ${versions.map((v) => v.version)} for terms_version ${c.terms_version}`);
  const last = versions.at(-1);
  for (const key of TERM_KEYS)
    if (last && !same(last[key], c[key]))
      say(`${key} ${JSON.stringify(c[key])} ≠ current version's ${JSON.stringify(last[key])}`);
  for (const v of versions) {
    if (createHash('sha256').update(v.document, 'utf8').digest('hex') !== v.document_sha256)
      say(`v${v.version}: document_sha256 is not the SHA-256 of its document`);
    const doc = JSON.parse(v.document) as Record<string, unknown>;
    if (
      doc.verification_code !== c.verification_code ||
      doc.contract_id !== c.id ||
      doc.terms_version !== v.version
    )
      say(`v${v.version}: the document names another contract or version`);
    for (const key of TERM_KEYS)
      if (!same(doc[key] ?? null, v[key]) && Number(doc[key]) !== v[key])
        say(`v${v.version}: document ${key} ≠ the version's`);
  }
}

interface StepRule {
  from: (string | null)[];
  to: string[];
  by: string[];
  /** The step leaves the status as it found it. */
  keeps?: boolean;
}
const keeping = (from: string[], by: string): StepRule => ({ from, to: from, by: [by], keeps: true });

/** Where each step may start, and the statuses it may leave (docs/API.md "Contract lifecycle"). */
const STEPS: Record<string, StepRule> = {
  offer: { from: [null], to: ['pending'], by: ['mitra', 'admin'] },
  counter: { from: ['pending'], to: ['negotiation'], by: ['petani'] },
  revise: { from: ['pending', 'negotiation'], to: ['pending'], by: ['mitra'] },
  sign: {
    from: ['pending', 'negotiation'],
    to: ['pending', 'negotiation', 'approved'],
    by: ['petani', 'mitra'],
  },
  reject: { from: ['pending', 'negotiation'], to: ['rejected'], by: ['petani'] },
  cancel: {
    from: ['pending', 'negotiation', 'approved', 'active'],
    to: ['cancelled'],
    by: ['petani', 'mitra', 'admin'],
  },
  start: { from: ['approved'], to: ['active'], by: ['mitra', 'system'] },
  deliver: { from: ['active'], to: ['active'], by: ['mitra'] },
  confirm: { from: ['active'], to: ['active'], by: ['petani'] },
  complete: { from: ['active'], to: ['completed'], by: ['mitra'] },
  edit: { from: ['pending', 'negotiation'], to: ['pending', 'negotiation'], by: ['admin'] },
  // The money's steps (issue 31) keep the status.
  dispute: keeping(['active'], 'petani'),
  resolve: keeping(['active'], 'admin'),
  advance: keeping(['approved', 'active'], 'mitra'),
  confirm_advance: keeping(['approved', 'active', 'completed', 'cancelled'], 'petani'),
  pay: keeping(['active', 'completed', 'cancelled'], 'mitra'),
  confirm_payment: keeping(['active', 'completed', 'cancelled'], 'petani'),
};

function checkEvents(c: Contract, events: Event[], say: (text: string) => void) {
  let status: string | null = null;
  let at = 0;
  for (const e of events) {
    const step = STEPS[e.action];
    if (e.from_status !== status) say(`${e.action} from ${e.from_status}, but the contract was ${status}`);
    else if (!step || !step.from.includes(e.from_status) || !step.to.includes(e.to_status))
      say(`${e.action} ${e.from_status} → ${e.to_status} is no step`);
    else if (!step.by.includes(e.actor_role)) say(`${e.action} by ${e.actor_role}`);
    else if (step.keeps && e.to_status !== e.from_status) say(`${e.action} changed the status`);
    if (
      e.action === 'cancel' &&
      ['approved', 'active'].includes(e.from_status ?? '') &&
      e.actor_role !== 'admin'
    )
      say(`cancel after approval by ${e.actor_role}`);
    if (e.at < at) say(`${e.action} comes before the step before it`);
    status = e.to_status;
    at = e.at;
  }
  if (status !== c.status) say(`the events end in ${status}`);
}

function checkSignatures(
  c: Contract,
  versions: Terms[],
  signatures: Signature[],
  say: (text: string) => void,
) {
  const hash = new Map(versions.map((v) => [v.version, v.document_sha256]));
  const live = signatures.filter((s) => !s.voided_at);
  for (const s of signatures) {
    if (s.document_sha256 !== hash.get(s.terms_version))
      say(`${s.signer_role}'s v${s.terms_version} signature hashes another document`);
    if (!s.voided_at && s.terms_version !== c.terms_version)
      say(`a live signature on old version ${s.terms_version}`);
    if (s.voided_at && s.terms_version === c.terms_version) say('a voided signature on the current version');
  }
  for (const role of ['petani', 'mitra'] as const) {
    const mine = live.find((s) => s.signer_role === role);
    if ((mine?.signed_at ?? null) !== c[`${role}_signed_at`])
      say(`${role}_signed_at is not the time of their live signature`);
    if (['approved', 'active', 'completed'].includes(c.status) && !mine)
      say(`${role} did not sign the current version`);
  }
}

/** After its end a contract awaits its money: the petani's confirmation, then the mitra's payment. */
const settling = (c: Contract) => (c.unconfirmed_money ? 'petani' : c.owed ? 'mitra' : null);
const AWAITING: Record<string, (c: Contract, open: number) => string | null> = {
  pending: (c) => (c.petani_signed_at ? 'mitra' : 'petani'),
  negotiation: (c) => (c.mitra_signed_at ? 'petani' : 'mitra'),
  approved: (c) => (c.unconfirmed_money ? 'petani' : 'mitra'),
  active: (c, open) => (open > 0 || c.unconfirmed_money ? 'petani' : 'mitra'),
  completed: settling,
  cancelled: settling,
};

/** A lahan in negotiation holds one proposed or approved contract, on_going one active, completed a completed one. */
async function lahanProblems(rowsOf: <T>(query: SQL) => Promise<T[]>): Promise<string[]> {
  const found = await rowsOf<{ id: number; status: string; live: string[]; completed: number }>(sql`
    select l.id, l.status::text,
      coalesce(array_agg(c.status::text order by c.id) filter (where c.status in ('pending', 'negotiation', 'approved', 'active')), '{}') as live,
      count(*) filter (where c.status = 'completed')::int as completed
    from lahan l left join contracts c on c.lahan_id = l.id group by l.id order by l.id`);
  const problems: string[] = [];
  for (const l of found) {
    const held = l.live.length === 1 ? (l.live[0] === 'active' ? 'on_going' : 'negotiation') : null;
    if (l.live.length > 1) problems.push(`lahan ${l.id}: ${l.live.length} live contracts`);
    else if (held && l.status !== held)
      problems.push(`lahan ${l.id} is ${l.status} under a ${l.live[0]} contract`);
    else if (!held && ['negotiation', 'on_going'].includes(l.status))
      problems.push(`lahan ${l.id} is ${l.status} without a contract`);
    else if (l.status === 'completed' && l.completed === 0)
      problems.push(`lahan ${l.id} is completed without a completed contract`);
  }
  return problems;
}
