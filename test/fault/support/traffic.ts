import { randomBytes } from 'node:crypto';
import type { ServerProcess } from './server.js';

/**
 * What a request got: `ok` (2xx), `unavailable` (the 503 SERVICE_UNAVAILABLE envelope with Retry-After),
 * `wrong` (any other answer: a 500, a 503 without the envelope, ...), `reset` (the connection failed or
 * closed without an answer) or `hang` (no answer within HANG_MS).
 */
export type Kind = 'ok' | 'unavailable' | 'wrong' | 'reset' | 'hang';

export interface Outcome {
  kind: Kind;
  op: string;
  /** When the answer (or failure) came, in ms since the epoch. */
  at: number;
  status?: number;
  detail?: string;
}

/** Longer than any bound the server sets itself (10 s for a pool slot), so a timeout here is a hang. */
const HANG_MS = 20_000;

/** A category the admin API acknowledged with 201. */
export interface Ack {
  id: number;
  type_name: string;
}

interface Op {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: () => unknown;
}

/** Reads and writes of the API, each needing the database (the writes create land categories). */
export const MIXED: Op[] = [
  { name: 'GET /downloads', method: 'GET', url: '/api/v1/downloads' },
  { name: 'POST /admin/category', method: 'POST', url: '/api/v1/admin/category', body: newCategory },
  { name: 'GET /admin/category', method: 'GET', url: '/api/v1/admin/category?limit=5' },
  { name: 'GET /health', method: 'GET', url: '/api/v1/health' },
];
export const WRITES: Op[] = [MIXED[1]!];

const run = randomBytes(3).toString('hex');
let serial = 0;
function newCategory() {
  serial++;
  return { type_name: `fault ${run} ${serial}`, description: `written by the fault test, #${serial}` };
}

/** Concurrent workers sending the ops round-robin until stopped; every outcome and acknowledged write is kept. */
export class Traffic {
  readonly outcomes: Outcome[] = [];
  readonly acks: Ack[] = [];
  sent = 0;
  private running = false;
  private workers: Promise<void>[] = [];

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly ops: Op[],
  ) {}

  start(concurrency: number): this {
    this.running = true;
    this.workers = Array.from({ length: concurrency }, (_, w) => this.work(w));
    return this;
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  count(kind: Kind, since = 0): number {
    return this.outcomes.filter((o) => o.kind === kind && o.at >= since).length;
  }

  /** How many outcomes of a kind each op had, e.g. `POST /admin/category:3`. */
  byOp(kind: Kind): string {
    const counts = new Map<string, number>();
    for (const o of this.outcomes) if (o.kind === kind) counts.set(o.op, (counts.get(o.op) ?? 0) + 1);
    return [...counts].map(([op, n]) => `${op}:${n}`).join(',') || '-';
  }

  /** Outcomes other than `ok` and the 503 envelope, for the assertion message. */
  failures(): Outcome[] {
    return this.outcomes.filter((o) => o.kind !== 'ok' && o.kind !== 'unavailable');
  }

  private async work(worker: number) {
    for (let i = worker; this.running; i++) {
      const op = this.ops[i % this.ops.length]!;
      this.sent++;
      this.outcomes.push(await this.send(op));
    }
  }

  private async send(op: Op): Promise<Outcome> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    const body = op.body?.();
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      const res = await fetch(this.baseUrl + op.url, {
        method: op.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(HANG_MS),
      });
      const text = await res.text();
      const at = Date.now();
      let json: Record<string, any> = {};
      try {
        json = JSON.parse(text);
      } catch {
        /* not JSON: `wrong` below */
      }
      if (res.status >= 200 && res.status < 300) {
        if (op.method === 'POST') this.acks.push({ id: json.data.id, type_name: json.data.type_name });
        return { kind: 'ok', op: op.name, at, status: res.status };
      }
      const envelope =
        res.status === 503 &&
        json.success === false &&
        json.code === 'SERVICE_UNAVAILABLE' &&
        typeof json.message === 'string' &&
        json.message.length > 0 &&
        /^\d+$/.test(res.headers.get('retry-after') ?? '');
      return {
        kind: envelope ? 'unavailable' : 'wrong',
        op: op.name,
        at,
        status: res.status,
        detail: text.slice(0, 200),
      };
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      const kind = e.name === 'TimeoutError' ? 'hang' : 'reset';
      return { kind, op: op.name, at: Date.now(), detail: e.cause?.code ?? e.cause?.message ?? e.message };
    }
  }
}

export interface Recovery {
  /** From the fault to the last failed answer; 0 when no request failed. */
  recoveryMs: number;
  unavailable: number;
}

/** Generous: the pool reconnects on the next checkout, so recovery normally takes well under a second. */
export const RECOVERY_BOUND_MS = 10_000;

/**
 * Waits until the traffic has run cleanly for a while after `since` (2 s and 20 successes after the last
 * failure), giving up after `boundMs`; answers how long after `since` the last failure came.
 */
export async function waitForRecovery(traffic: Traffic, since: number, boundMs: number): Promise<Recovery> {
  const deadline = since + boundMs + 5_000;
  for (;;) {
    const after = traffic.outcomes.filter((o) => o.at >= since);
    const lastFailure = after.findLast((o) => o.kind !== 'ok');
    const cleanFrom = lastFailure?.at ?? since;
    const successes = after.filter((o) => o.at > cleanFrom).length;
    const recoveryMs = lastFailure ? lastFailure.at - since : 0;
    if ((Date.now() - cleanFrom >= 2_000 && successes >= 20) || Date.now() > deadline) {
      return {
        recoveryMs: successes >= 20 ? recoveryMs : Infinity,
        unavailable: traffic.count('unavailable', since),
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every category the API lists, by id (the fault databases hold no others). */
export async function listCategories(baseUrl: string, token: string): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  for (let page = 1; ; page++) {
    const res = await fetch(
      `${baseUrl}/api/v1/admin/category?limit=100&page=${page}&sort=created_at&order=asc`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    const body = (await res.json()) as { data: Ack[]; pagination: { totalPages: number } };
    if (res.status !== 200) throw new Error(`listing categories answered ${res.status}`);
    for (const c of body.data) found.set(c.id, c.type_name);
    if (page >= body.pagination.totalPages) return found;
  }
}

/** The acknowledged writes that are missing (or changed) in `found`. */
export const lostWrites = (acks: Ack[], found: Map<number, string>) =>
  acks.filter((a) => found.get(a.id) !== a.type_name);

/** One line of figures for the closing note, e.g. `[fault] terminate under load: sent=812 503=14 …`. */
export function report(title: string, figures: Record<string, number | string>): void {
  const text = Object.entries(figures)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  console.log(`[fault] ${title}: ${text}`);
}

/** Waits for `condition`, failing at once (with the server's last output) if the server process has died. */
export async function waitUntil(
  what: string,
  condition: () => boolean,
  server: ServerProcess,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (!server.alive()) throw new Error(`the server died while waiting for ${what}:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
