/** `%q%` with LIKE's wildcards in `q` escaped, for a substring match (src/server/db/search.ts). */
export const likePattern = (q: string) => `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
