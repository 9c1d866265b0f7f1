import type { Tx } from '../../engine/client.js';
import {
  contractAdvances,
  contractDeliveries,
  contractEvents,
  contractPayments,
  contractSignatures,
  contractTerms,
  contracts,
} from '../../schema.js';
import type { Actor, Story } from './contract-story.js';
import { versionDocument } from './contract-documents.js';
import { newLotCode } from '../../../modules/contracts/lot-code.js';
import { currentDocument } from '../../../modules/contracts/document.js';

/** A contract drawn by the demo seed, before it has an id, with the story its history is written from. */
export interface Planned {
  values: typeof contracts.$inferInsert;
  story: Story;
  ids: Record<Actor, number | null>;
  names: [petani: string, mitra: string];
  /** Where each of the story's signatures was made from, in order. */
  signers: { ip: string; user_agent: string }[];
}

/**
 * The terms versions (documents frozen and hashed), events, signatures, deliveries, advances and payments of
 * every contract: one insert each.
 */
export async function writeHistories(tx: Tx, planned: Planned[], contractIds: number[]) {
  const terms: (typeof contractTerms.$inferInsert)[] = [];
  const events: (typeof contractEvents.$inferInsert)[] = [];
  const signatures: (typeof contractSignatures.$inferInsert)[] = [];
  const deliveries: (typeof contractDeliveries.$inferInsert)[] = [];
  const advances: (typeof contractAdvances.$inferInsert)[] = [];
  const payments: (typeof contractPayments.$inferInsert)[] = [];
  for (const [i, { story, ids, names, signers }] of planned.entries()) {
    const contract_id = contractIds[i]!;
    const hashes = new Map<number, string>();
    const facts = await currentDocument(tx, contract_id);
    for (const v of story.versions) {
      const { document, sha256 } = versionDocument(facts, v);
      hashes.set(v.version, sha256);
      terms.push({
        contract_id,
        version: v.version,
        price: v.price,
        prices: v.prices,
        payment_days: v.payment_days,
        quantity: v.quantity,
        unit: v.unit,
        start_date: v.start_date,
        end_date: v.end_date,
        delivery_terms: v.delivery_terms,
        note: v.note,
        proposed_by: ids[v.proposed_role],
        proposed_role: v.proposed_role,
        document,
        document_sha256: sha256,
        created_at: v.at,
      });
    }
    for (const e of story.events) {
      events.push({
        contract_id,
        action: e.action,
        actor_id: ids[e.actor_role],
        actor_role: e.actor_role,
        from_status: e.from_status,
        to_status: e.to_status,
        terms_version: e.terms_version,
        note: e.note,
        created_at: e.at,
      });
    }
    for (const [j, s] of story.signatures.entries()) {
      signatures.push({
        contract_id,
        terms_version: s.terms_version,
        signer_id: ids[s.signer_role],
        signer_role: s.signer_role,
        signer_name: s.signer_role === 'petani' ? names[0] : names[1],
        signed_at: s.at,
        ...signers[j]!,
        document_sha256: hashes.get(s.terms_version)!,
        consent_version: 1,
        voided_at: s.voided_at,
      });
    }
    /** What a delivery, an advance and a payment share: their contract, who recorded them when, who confirmed. */
    const recorded = (row: { at: Date; confirmed_at: Date | null }) => ({
      contract_id,
      recorded_by: ids.mitra,
      created_at: row.at,
      confirmed_at: row.confirmed_at,
      confirmed_by: row.confirmed_at ? ids.petani : null,
    });
    for (const d of story.deliveries) {
      deliveries.push({
        ...recorded(d),
        lot_code: newLotCode(),
        date: d.date,
        gross_quantity: d.gross,
        accepted_quantity: d.accepted,
        rejected_quantity: d.rejected,
        rejection_reason: d.rejection_reason,
        grade: d.grade,
        value: d.value,
        status: d.confirmed_at ? 'confirmed' : d.disputed_at ? 'disputed' : 'recorded',
        dispute_reason: d.dispute_reason,
        disputed_at: d.disputed_at,
        paid_on: d.paid_on,
      });
    }
    for (const { kind, amount, date, note, ...a } of story.advances) {
      advances.push({ ...recorded(a), kind, amount, date, note });
    }
    for (const { amount, method, reference, date, ...p } of story.payments) {
      payments.push({ ...recorded(p), amount, method, reference, date });
    }
  }
  for (const [table, rows] of [
    [contractTerms, terms],
    [contractEvents, events],
    [contractSignatures, signatures],
    [contractDeliveries, deliveries],
    [contractAdvances, advances],
    [contractPayments, payments],
  ] as const) {
    if (rows.length) await tx.insert(table).values(rows as never);
  }
}
