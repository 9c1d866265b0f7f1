/**
 * The statements of a SQL file, split at each `;` that is not inside a comment, a quoted string or identifier, or a
 * dollar-quoted body. PGlite's parameterised protocol runs one statement per call; comment-only pieces are left out.
 */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const dollar = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(rest);
    if (rest.startsWith('--')) i = endOf(text, i, '\n');
    else if (rest.startsWith('/*')) i = endOf(text, i + 2, '*/');
    else if (dollar) i = endOf(text, i + dollar[0].length, dollar[0]);
    else if (text[i] === '"') i = endOf(text, i + 1, '"');
    else if (text[i] === "'") i = endOfString(text, i, /[Ee]/.test(text[i - 1] ?? ''));
    else if (text[i] === ';') {
      statements.push(text.slice(start, i + 1));
      start = i = i + 1;
    } else i++;
  }
  statements.push(text.slice(start));
  return statements.map((s) => s.trim()).filter((s) => withoutComments(s) !== '');
}

/** The index just past the next `close` from `from` (the end of the text when there is none). */
function endOf(text: string, from: number, close: string): number {
  const at = text.indexOf(close, from);
  return at < 0 ? text.length : at + close.length;
}

/** Past a '…' string starting at `open`: '' is a quote inside it, and so is \' in an E'…' string. */
function endOfString(text: string, open: number, escapes: boolean): number {
  let i = open + 1;
  while (i < text.length) {
    if (escapes && text[i] === '\\') i += 2;
    else if (text[i] === "'" && text[i + 1] === "'") i += 2;
    else if (text[i] === "'") return i + 1;
    else i++;
  }
  return i;
}

const withoutComments = (statement: string) =>
  statement
    .replace(/--[^\n]*/g, '')
    .replace(/;$/, '')
    .trim();
