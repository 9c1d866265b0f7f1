/** The Indonesian display formats live in src/shared/format-id.ts, shared with the server's contract PDFs. */
export * from '../../shared/format-id';
