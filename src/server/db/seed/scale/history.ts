import { CONTRACT_STATUSES, type ContractStatus } from '../../../../shared/constants.js';
import { SAMPLE_TERMS, storyTo } from '../demo/contract-plots.js';
import { playStory, type Story } from '../demo/contract-story.js';
import { DOCUMENT_JOINS, termsDocumentSql } from './documents.js';
import { MONEY_EVENTS, moneyRows } from './money.js';
import { rowsOf, type Step } from './sql.js';

/**
 * The histories of the scale contracts, set-based: each status is reached by the shortest story the
 * lifecycle allows (the demo seed's `storyTo`, played by the server's own table), told by one event per step;
 * the story's terms versions (an earlier version priced lower) with their canonical documents frozen and hashed
 * in SQL (scale/documents.ts); the signatures it leaves standing; and its money, planned in scale/money.ts:
 * deliveries, advances and payments with their steps told among the story's. A new status needs no edit here.
 * (The lahan have the status their contract leaves from their insert: scale/land.ts.)
 */

/** The tables the histories fill (loaded in bulk like the rest). */
export const CONTRACT_HISTORY = [
  'contract_terms',
  'contract_events',
  'contract_signatures',
  'contract_deliveries',
  'contract_advances',
  'contract_payments',
];

type Party = 'petani' | 'mitra';
const STORIES = CONTRACT_STATUSES.map((status): [ContractStatus, Story] => [
  status,
  playStory(SAMPLE_TERMS, storyTo(status), new Date(0), 1),
]);

/**
 * The moment of a story's step `i` for the contract `c` (its created_at and start_date): 13 hours apart from
 * the offer, and a step after the start that many days after the start date, from the third on.
 */
const at = (story: Story, i: number) => {
  const started = story.events.findIndex((e) => e.action === 'start');
  return started >= 0 && i > started
    ? `((c.start_date + ${i - started + 2}) + time '03:00') AT TIME ZONE 'UTC'`
    : `c.created_at + interval '${13 * i} hours'`;
};
const stepOf = (story: Story, when: Date) => story.events.findIndex((e) => e.at.getTime() === when.getTime());
const values = (rows: string[]) => rows.join(',\n');

/** The time a party signed version 1, for the contract's signing columns (alias `c` → `created`). */
export const signedAt = (created: string, who: Party) => {
  const [, story] = STORIES.find(([, s]) => s.signatures.some((g) => g.signer_role === who && !g.voided_at))!;
  const signature = story.signatures.find((g) => g.signer_role === who && !g.voided_at)!;
  return at(story, stepOf(story, signature.at)).replace('c.created_at', created);
};

const plotValues = () =>
  values(
    STORIES.flatMap(([status, story]) =>
      story.events.map(({ action, actor_role, from_status, to_status, terms_version }, i) => {
        const from = from_status ? `'${from_status}'` : 'NULL';
        return `('${status}', ${i + 1}, '${action}', '${actor_role}', ${from}, '${to_status}', ${terms_version}, ${at(story, i)})`;
      }),
    ),
  );
const versionValues = () =>
  values(
    STORIES.flatMap(([status, story]) =>
      story.versions.map(
        (v) =>
          `('${status}', ${v.version}, ${story.versions.length}, '${v.proposed_role}', ${at(story, stepOf(story, v.at))})`,
      ),
    ),
  );
const signatureValues = () =>
  values(
    STORIES.flatMap(([status, story]) =>
      story.signatures
        .filter((g) => !g.voided_at)
        .map((g) => `('${status}', ${g.terms_version}, '${g.signer_role}')`),
    ),
  );
/** When the story to `status` takes its step `action` (SQL over the contract `c`), if it does. */
export const storyStepAt = (status: ContractStatus, action: string) => {
  const [, story] = STORIES.find(([s]) => s === status)!;
  const i = story.events.findIndex((e) => e.action === action);
  return i < 0 ? undefined : at(story, i);
};

/** When the story to `status` records its delivery and has it confirmed (SQL over `c`), if it delivers. */
export const storyDeliveryAt = (status: ContractStatus) => {
  const [, story] = STORIES.find(([s]) => s === status)!;
  const [d] = story.deliveries;
  if (!d) return undefined;
  return {
    at: at(story, stepOf(story, d.at)),
    confirmedAt: d.confirmed_at ? at(story, stepOf(story, d.confirmed_at)) : 'NULL',
  };
};

/** Writes the histories of the contracts from `first` on; answers the rows added per table. */
export async function insertHistories(step: Step, first: number): Promise<Record<string, number>> {
  const ours = `c.id >= ${first}`;
  const added: Record<string, number> = {};
  added.contract_terms = rowsOf(
    await step(`
      INSERT INTO contract_terms (contract_id, version, price, prices, payment_days, quantity, unit, start_date,
        end_date, delivery_terms, note, proposed_by, proposed_role, document, document_sha256, created_at)
      SELECT c.id, v.version, v.price, v.prices, c.payment_days, c.quantity, c.unit, c.start_date, c.end_date, c.delivery_terms, v.note,
        CASE v.role WHEN 'petani' THEN c.petani_id ELSE c.mitra_id END, v.role,
        d.document, encode(sha256(convert_to(d.document, 'UTF8')), 'hex'), v.created_at
      FROM contracts c ${DOCUMENT_JOINS}
      CROSS JOIN LATERAL (
        SELECT t.version, t.role, t.created_at,
          CASE WHEN t.version < t.versions THEN round(c.price / 1.1 / 100) * 100 ELSE c.price END AS price,
          CASE WHEN t.version < t.versions
            THEN jsonb_build_array(jsonb_build_object('grade', 'A', 'price', (round(c.price / 1.1 / 100) * 100)::bigint))
            ELSE c.prices END AS prices,
          CASE WHEN t.version > 1 THEN 'Mohon harga disesuaikan dengan harga pasar.' END AS note
        FROM (VALUES ${versionValues()}) t(status, version, versions, role, created_at)
        WHERE t.status = c.status::text
      ) v
      CROSS JOIN LATERAL (SELECT ${termsDocumentSql('c', 'v')} AS document) d
      WHERE ${ours} ORDER BY c.id, v.version`),
  );
  added.contract_events = rowsOf(
    await step(`
      INSERT INTO contract_events (contract_id, action, actor_id, actor_role, from_status, to_status,
        terms_version, created_at)
      SELECT c.id, p.action, CASE p.actor WHEN 'petani' THEN c.petani_id WHEN 'mitra' THEN c.mitra_id END, p.actor,
        p.from_status::contract_status, p.to_status::contract_status, p.version, p.at
      FROM contracts c
      CROSS JOIN LATERAL (
        SELECT p.seq, p.action, p.actor, p.from_status, p.to_status, p.version, p.at
        FROM (VALUES ${plotValues()}) p(status, seq, action, actor, from_status, to_status, version, at)
        WHERE p.status = c.status::text
        UNION ALL ${MONEY_EVENTS}
      ) p
      WHERE ${ours} ORDER BY c.id, p.at, p.seq`),
  );
  added.contract_signatures = rowsOf(
    await step(`
      INSERT INTO contract_signatures (contract_id, terms_version, signer_id, signer_role, signer_name,
        signed_at, ip, user_agent, document_sha256, consent_version)
      SELECT c.id, r.version, u.id, r.role, u.full_name, CASE r.role WHEN 'petani' THEN c.petani_signed_at ELSE c.mitra_signed_at END,
        '10.20.' || mod(c.id, 250) || '.' || mod(c.id / 250, 250), 'Mozilla/5.0 (Linux; Android 13) Chrome/130.0 Mobile',
        t.document_sha256, 1
      FROM contracts c
      JOIN (VALUES ${signatureValues()}) r(status, version, role) ON r.status = c.status::text
      JOIN contract_terms t ON t.contract_id = c.id AND t.version = r.version
      JOIN users u ON u.id = CASE r.role WHEN 'petani' THEN c.petani_id ELSE c.mitra_id END
      WHERE ${ours} ORDER BY c.id, r.role DESC`),
  );
  for (const [table, insert] of moneyRows(first)) added[table] = rowsOf(await step(insert));
  return added;
}
