import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../src/server/http/error-handler.js';
import { id, optionalText, text } from '../../src/server/http/field-rules.js';
import { form, installForms } from '../../src/server/http/forms.js';

const Body = form(
  {
    name: text({ max: 5, required: 'name wajib', tooLong: 'name terlalu panjang' }),
    note: optionalText(10, 'note harus teks', 'note terlalu panjang'),
    parent_id: id('parent_id wajib'),
  },
  { required: ['name', 'parent_id'], summary: 'Data tidak valid' },
);

async function serve() {
  const app = Fastify();
  installForms(app);
  installErrorHandler(app);
  app.post('/x', { schema: { body: Body } }, async (request) => request.body);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const post = async (body: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}/x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: await res.json() };
  };
  return { app, post };
}

describe('form()', () => {
  it('answers the parsed values: trimmed, ids read from digits, blank optional text as null', async () => {
    const { app, post } = await serve();
    try {
      expect(await post({ name: ' Padi ', note: '  ', parent_id: '12' })).toEqual({
        status: 200,
        json: { name: 'Padi', note: null, parent_id: 12 },
      });
    } finally {
      await app.close();
    }
  });

  it('lists every wrong field with its own message, the summary when there are several', async () => {
    const { app, post } = await serve();
    try {
      const one = await post({ name: 'Padi', parent_id: 0 });
      expect(one.status).toBe(400);
      expect(one.json).toMatchObject({ code: 'VALIDATION_ERROR', message: 'parent_id wajib' });
      const several = await post({ name: 'Padi sawah', note: 5 });
      expect(several.json.message).toBe('Data tidak valid');
      expect(several.json.errors).toEqual([
        { field: 'name', message: 'name terlalu panjang' },
        { field: 'note', message: 'note harus teks' },
        { field: 'parent_id', message: 'parent_id wajib' },
      ]);
    } finally {
      await app.close();
    }
  });

  it('documents the fields: required ones required, nothing else accepted', () => {
    expect(Body).toMatchObject({
      type: 'object',
      required: ['name', 'parent_id'],
      additionalProperties: false,
      properties: { name: { maxLength: 5 }, parent_id: { type: 'integer', minimum: 1 } },
    });
  });

  it('refuses at start a route whose body is not a form', async () => {
    const app = Fastify();
    installForms(app);
    expect(() =>
      app.post('/y', { schema: { body: Type.Object({ a: Type.String() }) } }, async () => null),
    ).toThrow('POST /y: declare its body with form()');
    await app.close();
  });
});
