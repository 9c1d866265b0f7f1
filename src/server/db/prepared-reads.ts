import type pg from 'pg';

/** Distinct statement texts judged per process; past this, further texts run unnamed (as before). */
const MAX_TEXTS = 2000;

/**
 * Reads sent through `pool.query` (what Drizzle uses outside transactions) become named prepared statements:
 * each connection parses and plans a statement text once, then only binds and executes it. The list and
 * record queries join up to seven tables, and planning them took longer than running them (lahan by id: about
 * 1 ms of planning for 0.1 ms of execution). PostgreSQL keeps planning each call afresh (a custom plan) unless a
 * generic plan is estimated no dearer, so a statement whose best plan depends on its values still gets it.
 * Searches (`LIKE`) stay unnamed: a generic plan cannot see that a one-letter word matches most rows, and
 * would read the whole trigram index for it. (A search written so that one plan serves every word is named
 * by db/prebuilt.ts itself, and passes through here as it is.)
 */
export function prepareReads(pool: pg.Pool): void {
  // Each text's verdict is kept: the statement's name, or null for one that stays unnamed.
  const names = new Map<string, string | null>();
  let named = 0;
  const nameOf = (text: string): string | null => {
    let name = names.get(text);
    if (name !== undefined) return name;
    if (names.size >= MAX_TEXTS) return null;
    name = /^\s*select\b/i.test(text) && !/\blike\b/i.test(text) ? `r${named++}` : null;
    names.set(text, name);
    return name;
  };
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
