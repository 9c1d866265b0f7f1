import type { ContractStatus } from '../../../../shared/constants.js';
import { DOCUMENT_JOINS, termsDocumentSql } from './documents.js';
import { rowsOf, type Step } from './sql.js';

/**
 * The histories of the scale contracts, set-based: each status is reached by the shortest story the
 * lifecycle allows (docs/API.md "Contract lifecycle"), told by one event per step; version 1 of the terms
 * (and version 2, the petani's counter, for a contract in negotiation) with its canonical document frozen
 * and hashed in SQL (scale/documents.ts); both parties' signatures of version 1 once approved; one confirmed
 * delivery of a completed contract. (The lahan have the status their contract leaves from their insert:
 * scale/land.ts.)
 */

/** The tables the histories fill (loaded in bulk like the rest). */
export const CONTRACT_HISTORY = [
  'contract_terms',
  'contract_events',
  'contract_signatures',
  'contract_deliveries',
];

type Actor = 'petani' | 'mitra';
/** When a step happens: hours after the offer, or days after the start date. */
type When = { hours: number } | { days: number };
const AFTER_OFFER = (n: number): When => ({ hours: 13 * n });
const PETANI_SIGNS = AFTER_OFFER(1);
const MITRA_SIGNS = AFTER_OFFER(2);

type Told = [action: string, actor: Actor, to: ContractStatus, when: When];
const offer: Told = ['offer', 'mitra', 'pending', AFTER_OFFER(0)];
const signed: Told[] = [
  offer,
  ['sign', 'petani', 'pending', PETANI_SIGNS],
  ['sign', 'mitra', 'approved', MITRA_SIGNS],
];
const started: Told[] = [...signed, ['start', 'mitra', 'active', AFTER_OFFER(3)]];
const STORIES: Record<ContractStatus, Told[]> = {
  pending: [offer],
  negotiation: [offer, ['counter', 'petani', 'negotiation', AFTER_OFFER(1)]],
  approved: signed,
  active: started,
  completed: [
    ...started,
    ['deliver', 'mitra', 'active', { days: 3 }],
    ['confirm', 'petani', 'active', { days: 4 }],
    ['complete', 'mitra', 'completed', { days: 5 }],
  ],
  rejected: [offer, ['reject', 'petani', 'rejected', AFTER_OFFER(1)]],
  cancelled: [offer, ['cancel', 'mitra', 'cancelled', AFTER_OFFER(1)]],
};

/** A step's moment for the contract `c` (its created_at and start_date). */
const at = (when: When) =>
  'hours' in when
    ? `c.created_at + interval '${when.hours} hours'`
    : `((c.start_date + ${when.days}) + time '03:00') AT TIME ZONE 'UTC'`;

/** The time a party signed version 1, for the contract's signing columns (alias `c` → `created`). */
export const signedAt = (created: string, who: Actor) =>
  at(who === 'petani' ? PETANI_SIGNS : MITRA_SIGNS).replace('c.created_at', created);

const plotValues = () =>
  Object.entries(STORIES)
    .flatMap(([status, steps]) =>
      steps.map(([action, actor, to, when], i) => {
        const from = i === 0 ? 'NULL' : `'${steps[i - 1]![2]}'`;
        const version = status === 'negotiation' && i > 0 ? 2 : 1;
        return `('${status}', ${i + 1}, '${action}', '${actor}', ${from}, '${to}', ${version}, ${at(when)})`;
      }),
    )
    .join(',\n');

/** Writes the histories of the contracts from `first` on; answers the rows added per table. */
export async function insertHistories(step: Step, first: number): Promise<Record<string, number>> {
  const ours = `c.id >= ${first}`;
  const counter = `c.status = 'negotiation'`;
  const added: Record<string, number> = {};
  added.contract_terms = rowsOf(
    await step(`
      INSERT INTO contract_terms (contract_id, version, price, quantity, unit, start_date, end_date,
        delivery_terms, note, proposed_by, proposed_role, document, document_sha256, created_at)
      SELECT c.id, v.version, v.price, c.quantity, c.unit, c.start_date, c.end_date, c.delivery_terms, v.note,
        CASE v.version WHEN 1 THEN c.mitra_id ELSE c.petani_id END, CASE v.version WHEN 1 THEN 'mitra' ELSE 'petani' END,
        d.document, encode(sha256(convert_to(d.document, 'UTF8')), 'hex'), v.created_at
      FROM contracts c ${DOCUMENT_JOINS}
      CROSS JOIN LATERAL (
        SELECT 1 AS version, CASE WHEN ${counter} THEN round(c.price / 1.1 / 100) * 100 ELSE c.price END AS price,
          NULL AS note, c.created_at
        UNION ALL
        SELECT 2, c.price, 'Mohon harga disesuaikan dengan harga pasar.', ${at(AFTER_OFFER(1))} WHERE ${counter}
      ) v
      CROSS JOIN LATERAL (SELECT ${termsDocumentSql('c', 'v')} AS document) d
      WHERE ${ours} ORDER BY c.id, v.version`),
  );
  added.contract_events = rowsOf(
    await step(`
      INSERT INTO contract_events (contract_id, action, actor_id, actor_role, from_status, to_status,
        terms_version, created_at)
      SELECT c.id, p.action, CASE p.actor WHEN 'petani' THEN c.petani_id ELSE c.mitra_id END, p.actor,
        p.from_status::contract_status, p.to_status::contract_status, p.version, p.at
      FROM contracts c
      CROSS JOIN LATERAL (VALUES ${plotValues()}) p(status, seq, action, actor, from_status, to_status, version, at)
      WHERE ${ours} AND p.status = c.status::text ORDER BY c.id, p.seq`),
  );
  added.contract_signatures = rowsOf(
    await step(`
      INSERT INTO contract_signatures (contract_id, terms_version, signer_id, signer_role, signer_name,
        signed_at, ip, user_agent, document_sha256, consent_version)
      SELECT c.id, 1, u.id, r.role, u.full_name, CASE r.role WHEN 'petani' THEN c.petani_signed_at ELSE c.mitra_signed_at END,
        '10.20.' || mod(c.id, 250) || '.' || mod(c.id / 250, 250), 'Mozilla/5.0 (Linux; Android 13) Chrome/130.0 Mobile',
        t.document_sha256, 1
      FROM contracts c
      JOIN contract_terms t ON t.contract_id = c.id AND t.version = 1
      CROSS JOIN (VALUES ('petani'), ('mitra')) r(role)
      JOIN users u ON u.id = CASE r.role WHEN 'petani' THEN c.petani_id ELSE c.mitra_id END
      WHERE ${ours} AND c.status IN ('approved', 'active', 'completed') ORDER BY c.id, r.role DESC`),
  );
  added.contract_deliveries = rowsOf(
    await step(`
      INSERT INTO contract_deliveries (contract_id, date, quantity, grade, amount_paid, recorded_by, created_at,
        confirmed_at, confirmed_by)
      SELECT c.id, c.start_date + 3, c.quantity, 'A', c.quantity * c.price, c.mitra_id, ${at({ days: 3 })},
        ${at({ days: 4 })}, c.petani_id
      FROM contracts c WHERE ${ours} AND c.status = 'completed' ORDER BY c.id`),
  );
  return added;
}
