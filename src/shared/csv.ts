/*
 * CSV as spreadsheets read it, one writer for the server's exports and the panel's: RFC 4180 rows, every cell
 * quoted, and a text a spreadsheet would run as a formula made text (OWASP, "CSV Injection").
 */

/** What a spreadsheet reads as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text a spreadsheet would run as a formula starts with a single quote instead, so it stays text. */
export const neutralizeFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** One cell: numbers as they are, texts neutralized, every cell quoted (a `;` or `,` inside stays in it). */
const cell = (value: string | number | null) =>
  `"${(value === null ? '' : typeof value === 'number' ? String(value) : neutralizeFormula(value)).replace(/"/g, '""')}"`;

/** One line of CSV, CRLF-terminated. */
export const csvLine = (values: (string | number | null)[]) => `${values.map(cell).join(',')}\r\n`;

/** The byte order mark that makes a spreadsheet read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
