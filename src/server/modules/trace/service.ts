import { and, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages.js';
import type { Db } from '../../db/engine/client.js';
import { contractDeliveries, contracts, contractTerms } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { LOT_CODE_PATTERN } from '../contracts/lot-code.js';

interface Location {
  sub_district: string | null;
  district: string | null;
  province: string | null;
}

/** ` k7m2 q9xh-4d3p `, `K7M2Q9XH4D3P` … → `K7M2-Q9XH-4D3P`; null when it cannot be a lot code. */
export function normalizeLot(lot: string): string | null {
  const compact = lot.replace(/[\s-]/g, '').toUpperCase();
  const code = compact.replace(/(.{4})(?!$)/g, '$1-');
  return LOT_CODE_PATTERN.test(code) ? code : null;
}

/**
 * GET /trace/{lot}: a lot's commodity, grade, accepted quantity, date, the region of its lahan as the
 * contract's current terms froze it (kecamatan, kabupaten, province; never the boundary) and the contract's
 * verification code. No names, contacts or ids. An unknown or malformed code: 404.
 */
export async function traceLot(db: Db, lot: string) {
  const code = normalizeLot(lot);
  const [row] = code
    ? await db
        .select({
          lot_code: contractDeliveries.lot_code,
          commodity: contracts.commodity,
          grade: contractDeliveries.grade,
          accepted_quantity: contractDeliveries.accepted_quantity,
          unit: contracts.unit,
          date: contractDeliveries.date,
          location: sql<Location | null>`(${contractTerms.document}::jsonb #> '{lahan,location}')`,
          verification_code: contracts.verification_code,
        })
        .from(contractDeliveries)
        .innerJoin(contracts, eq(contracts.id, contractDeliveries.contract_id))
        .leftJoin(
          contractTerms,
          and(
            eq(contractTerms.contract_id, contracts.id),
            eq(contractTerms.version, contracts.terms_version),
          ),
        )
        .where(eq(contractDeliveries.lot_code, code))
    : [];
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.trace.lotUnknown);
  const where = row.location;
  return {
    ...row,
    location:
      where && typeof where === 'object'
        ? {
            sub_district: where.sub_district ?? null,
            district: where.district ?? null,
            province: where.province ?? null,
          }
        : null,
  };
}
