import type pg from 'pg';

/** Distinct statement texts judged per process; past this, further texts run unnamed (as before). */
const MAX_TEXTS = 2000;

/**
 * Which statement texts become named prepared statements, on either engine: each text is parsed and planned
 * once, then only bound and executed. The list and record queries join up to seven tables, and planning them
 * took longer than running them (PostgreSQL, lahan by id: about 1 ms of planning for 0.1 ms of execution).
 * PostgreSQL keeps planning each call afresh (a custom plan) unless a generic plan is estimated no dearer, so
 * a statement whose best plan depends on its values still gets it.
 * Only reads are named. Searches (`LIKE`) stay unnamed: a generic plan cannot see that a one-letter word
 * matches most rows, and would read the whole trigram index for it. (A search written so that one plan
 * serves every word is named by db/prebuilt.ts itself, and passes through here as it is.)
 * Answers a namer that keeps each text's verdict: its statement's name (`prefix` + a number), or null for
 * one that stays unnamed.
 */
export function readStatementNamer(prefix: string): (text: string) => string | null {
  const names = new Map<string, string | null>();
  let named = 0;
  return (text) => {
    let name = names.get(text);
    if (name !== undefined) return name;
    if (names.size >= MAX_TEXTS) return null;
    name = /^\s*select\b/i.test(text) && !/\blike\b/i.test(text) ? `${prefix}${named++}` : null;
    names.set(text, name);
    return name;
  };
}

/** Reads sent through `pool.query` (what Drizzle uses outside transactions) become named prepared statements. */
export function prepareReads(pool: pg.Pool): void {
  const nameOf = readStatementNamer('r');
  // A prepared Drizzle query passes the same config object on every call: its named copy is kept with it.
  const namedConfigs = new WeakMap<object, object>();
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) => {
    const config = args[0] as { text?: unknown; name?: unknown } | string;
    if (typeof config === 'object' && config !== null && typeof config.text === 'string' && !config.name) {
      let named = namedConfigs.get(config);
      if (!named) {
        const name = nameOf(config.text);
        named = name ? { ...config, name } : config;
        // A config carrying its own values may be one object reused with others: not kept.
        if (!('values' in config)) namedConfigs.set(config, named);
      }
      args[0] = named;
    }
    return query(...args);
  }) as typeof pool.query;
}
