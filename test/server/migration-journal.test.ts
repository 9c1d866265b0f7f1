import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/server/paths.js';

/*
 * Drizzle applies a journal entry only when its `when` is later than the newest migration the database
 * recorded, so an entry dated before the one above it is skipped for good on every database that had
 * applied that one (0022 was, until it was re-dated; its SQL is idempotent for the databases that ran it).
 */
describe('the migration journal', () => {
  it('dates every migration after the one before it, in the order of its files', () => {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number; when: number; tag: string }[];
    };
    const late = journal.entries
      .slice(1)
      .filter((entry, i) => entry.when <= journal.entries[i]!.when)
      .map((entry) => entry.tag);
    expect(late).toEqual([]);
    expect(journal.entries.map((entry) => entry.idx)).toEqual(journal.entries.map((_, i) => i));
  });
});
