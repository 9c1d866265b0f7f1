import { downloadCSV, type Exporter } from 'react-admin';
import { neutralizeFormula } from '../../../shared/csv';

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
