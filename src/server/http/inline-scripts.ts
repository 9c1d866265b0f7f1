import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * CSP hash sources (`'sha256-…'`) of every inline script in the built HTML pages under `dir`, read once
 * at start, so that whatever the prerender emits runs and nothing else inline does. None without a build.
 */
export function inlineScriptHashes(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const hashes = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.html')) continue;
    for (const [, attributes = '', body = ''] of readFileSync(path.join(dir, file), 'utf8').matchAll(
      SCRIPT,
    )) {
      if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
      // Browsers hash the text after the HTML parser has normalized line breaks.
      const text = body.replace(/\r\n?/g, '\n');
      hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}
