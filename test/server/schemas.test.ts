import Ajv from 'ajv';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { Nullable } from '../../src/server/http/schemas.js';

// The options src/server/app.ts gives Fastify's Ajv.
const ajv = new Ajv({ allErrors: true, coerceTypes: 'array', removeAdditional: true });

describe('Nullable()', () => {
  const check = ajv.compile(
    Type.Object({ text: Type.Optional(Nullable(Type.String())), n: Type.Optional(Nullable(Type.Integer())) }),
  );

  it('keeps a client null as null (it used to be coerced to an empty string)', () => {
    const body = { text: null, n: null };
    expect(check(body)).toBe(true);
    expect(body).toEqual({ text: null, n: null });
  });

  it('still accepts and coerces values of the wrapped type', () => {
    const body = { text: 'ada', n: '5' };
    expect(check(body)).toBe(true);
    expect(body).toEqual({ text: 'ada', n: 5 });
    expect(check({ n: 'x' })).toBe(false);
  });
});
