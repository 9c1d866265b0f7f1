import { downloadCSV, type Exporter } from 'react-admin';

/** What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text a spreadsheet would run as a formula starts with a single quote instead, so it stays text. */
export const neutralizeFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * Every list's CSV export: the columns of react-admin's defaultExporter (the same writer), but each
 * text is neutralized and every cell quoted, so that neither a leading `=` nor a `;` or `,` inside a
 * name (a new cell for a spreadsheet set to that separator) can start a formula. The writer (jsonexport)
 * loads on the first export, not with every list.
 */
export const csvExporter: Exporter = async (records, _fetchRelated, _dataProvider, resource) => {
  const { default: jsonExport } = await import('jsonexport/dist/index.js');
  jsonExport(
    records,
    { typeHandlers: { String: neutralizeFormula }, forceTextDelimiter: true },
    (error, csv) => {
      if (error) throw error;
      downloadCSV(csv, resource);
    },
  );
};
