// The CSV writer react-admin's own defaultExporter uses (it ships no types).
declare module 'jsonexport/dist/index.js' {
  interface JsonExportOptions {
    /** Converters by constructor name ('String', 'Number', ...), applied to every value before writing. */
    typeHandlers?: Record<string, (value: never) => unknown>;
    /** Quote every cell, not only those holding a delimiter, a quote or a line break. */
    forceTextDelimiter?: boolean;
  }
  export default function jsonExport(
    json: object,
    options: JsonExportOptions,
    callback: (error: Error | null, csv: string) => void,
  ): void;
}
