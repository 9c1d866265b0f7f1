import { ConfigError, loadConfig } from '../../../src/server/config.js';

/** What loadConfig refuses in `env` over `base`, each problem as it says it; none when it starts. */
export function configProblems(base: NodeJS.ProcessEnv, env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig({ ...base, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
