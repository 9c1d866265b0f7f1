import { Type } from 'typebox';
import { Nullable } from '../../http/schemas.js';

export const TraceParams = Type.Object({
  lot: Type.String({
    minLength: 1,
    maxLength: 40,
    description: 'The lot code printed on a delivery receipt (XXXX-XXXX-XXXX): any case, dashes optional',
  }),
});

/** What anyone may learn of a lot: what was delivered, where it was grown (the region only), under which contract. */
export const Trace = Type.Object(
  {
    lot_code: Type.String({ description: 'The code, normalised (XXXX-XXXX-XXXX)' }),
    commodity: Type.String(),
    grade: Type.String({ description: 'The grade of the accepted part' }),
    accepted_quantity: Type.Number({ description: 'In `unit`' }),
    unit: Type.String(),
    date: Type.String({ format: 'date', description: 'The delivery’s date' }),
    location: Nullable(
      Type.Object({
        sub_district: Nullable(Type.String({ description: 'Kecamatan' })),
        district: Nullable(Type.String({ description: 'Kabupaten/kota' })),
        province: Nullable(Type.String()),
      }),
    ),
    verification_code: Type.String({ description: 'The contract’s: check it at /verifikasi/{code}' }),
  },
  { additionalProperties: false },
);
