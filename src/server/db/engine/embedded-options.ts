import { setFlagsFromString } from 'node:v8';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * Keeps the embedded database light (issue 9: ≤ 300 MB steady RSS, restart ≤ 2 s).
 *
 * - PostgreSQL's default shared_buffers (128 MB) is zeroed when PGlite starts, so all of it becomes
 *   resident at once, and a WebAssembly heap never shrinks. 16 MB holds the hot pages of this schema;
 *   the rest is read from the data directory's files (the OS page cache, not our RSS).
 * - V8 compiles PGlite's 9 MB WebAssembly module with its baseline compiler (Liftoff) only. The optimising
 *   tier (TurboFan) added 50–70 MB of machine code and 0.4–0.9 s to every start; it runs CPU-bound SQL
 *   (a scan of 200k rows) about 30 % faster, which the embedded default — a small installation — can
 *   spare, and PostgreSQL mode is not concerned. The flag only touches WebAssembly, which nothing else in
 *   the server runs; it must be set before the module is compiled, hence here at import.
 */
export const EMBEDDED_V8_FLAG = 'liftoff-only';
setFlagsFromString(`--${EMBEDDED_V8_FLAG}`);

export const EMBEDDED_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
} satisfies PGliteOptions;
