import type { ChildProcess } from 'node:child_process';

/**
 * The environment of an API server a test suite starts: its own port and data, quiet logs, and no automatic
 * contract start — the tests take each step by hand, and the start 10 s after listening raced them.
 */
export const testServerEnv = (port: number, dataDir: string): NodeJS.ProcessEnv => ({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  CONTRACT_AUTO_START: 'off',
});

/** Waits until the server at `url` answers (170 s at most); on failure, says why with the end of its output. */
export async function waitForServer(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 170_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).status < 500) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the server did not answer at ${url} in time:\n${output()}`);
}
