import { eq, type Column, type SQL } from 'drizzle-orm';

/** `column = value` when the query gave the filter, else no condition (`and()` skips undefined). */
export const equalsIfGiven = (column: Column, value: unknown): SQL | undefined =>
  value === undefined ? undefined : eq(column, value);
