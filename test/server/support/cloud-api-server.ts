import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the Cloud API takes for a template message (the fields the test server checks). */
export interface TemplateMessage {
  messaging_product: string;
  to: string;
  type: string;
  template: {
    name: string;
    language: { code: string };
    components: { type: string; parameters: { type: string; text: string }[] }[];
  };
}

/**
 * A local HTTP server speaking the WhatsApp Business Cloud API's request and response format for
 * `POST /{version}/{phone-number-id}/messages`: a bearer token, a template message to an E.164 number → 200
 * `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }`; anything else → the
 * API's error object (`{ error: { message, type, code, fbtrace_id } }`).
 */
export interface TestCloudApi {
  /** For `WHATSAPP_API_URL`. */
  apiUrl: string;
  token: string;
  phoneNumberId: string;
  /** Messages accepted, in order. */
  messages: TemplateMessage[];
  /** While set, every request is answered with this HTTP status and error (e.g. 503, or 429 code 130429). */
  refusing: { status: number; code: number; message: string } | undefined;
  close(): Promise<void>;
}

const VERSION = 'v21.0';
const E164 = /^\+[1-9]\d{6,14}$/;

export async function startCloudApi(): Promise<TestCloudApi> {
  const state: TestCloudApi = {
    apiUrl: '',
    token: `EAAG${randomBytes(12).toString('hex')}`,
    phoneNumberId: '106540352242922',
    messages: [],
    refusing: undefined,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const error = (res: ServerResponse, status: number, code: number, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message, type: 'OAuthException', code, fbtrace_id: 'A1b2C3' } }));
  };
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== `/${VERSION}/${state.phoneNumberId}/messages`)
      return error(res, 400, 100, 'Unsupported post request');
    if (req.headers.authorization !== `Bearer ${state.token}`)
      return error(res, 401, 190, 'Invalid OAuth access token');
    if (state.refusing) return error(res, state.refusing.status, state.refusing.code, state.refusing.message);
    let body: TemplateMessage;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return error(res, 400, 100, 'Invalid JSON');
    }
    const params = body.template?.components?.find((c) => c.type === 'body')?.parameters ?? [];
    if (body.messaging_product !== 'whatsapp' || body.type !== 'template' || !body.template?.name)
      return error(res, 400, 100, 'Invalid parameter');
    if (!E164.test(body.to ?? '')) return error(res, 400, 131026, 'Message undeliverable');
    if (params.some((p) => p.type !== 'text' || !p.text))
      return error(res, 400, 132000, 'Parameter mismatch');
    state.messages.push(body);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to.slice(1) }],
        messages: [{ id: `wamid.${randomBytes(16).toString('hex')}` }],
      }),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  state.apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/${VERSION}`;
  return state;
}
