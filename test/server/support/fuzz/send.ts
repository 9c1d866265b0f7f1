import fc from 'fast-check';
import { call, type CallResult, type TestContext } from '../app.js';
import type { BodySpec, RequestCase } from './cases.js';
import { jsonText, plainText, resolveIds } from './lazy.js';
import type { Operation } from './openapi.js';

export interface Sent {
  /** `POST /api/v1/lahan as petani, body json {...}`: enough to repeat the request by hand. */
  description: string;
  response: CallResult;
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

async function payloadOf(ctx: TestContext, body: BodySpec) {
  if (body.kind === 'none') return {};
  if (body.kind === 'raw') return { payload: body.text, headers: { 'content-type': body.contentType } };
  const text = jsonText(await resolveIds(ctx.db, body.value));
  const padding = body.padTo ? Math.max(0, body.padTo - Buffer.byteLength(text)) : 0;
  return { payload: text + ' '.repeat(padding), headers: { 'content-type': 'application/json' } };
}

/** Sends one generated request over HTTP, its ids looked up in the database as it is now. */
export async function send(
  ctx: TestContext,
  op: Operation,
  request: RequestCase,
  token: string | undefined,
): Promise<Sent> {
  let path = op.path;
  for (const [name, value] of Object.entries(request.path)) {
    path = path.replace(`{${name}}`, plainText(await resolveIds(ctx.db, value)));
  }
  const pairs: string[] = [];
  for (const [name, value] of request.query)
    pairs.push(`${name}=${plainText(await resolveIds(ctx.db, value))}`);
  const url = pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
  const { payload, headers } = await payloadOf(ctx, request.body);
  const description = `${op.method} ${clip(url, 160)} as ${request.role}, body ${clip(fc.stringify(request.body), 400)}`;
  const response = await call(ctx, {
    method: op.method,
    url,
    token,
    payload,
    ...(headers ? { headers } : {}),
  });
  return { description, response };
}
