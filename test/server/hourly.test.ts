import { describe, expect, it, vi } from 'vitest';
import { everyHour } from '../../src/server/hourly.js';

describe('everyHour (the jobs run hourly by each process)', () => {
  it('runs the job after the first delay; a failure is logged and the next run comes all the same', async () => {
    vi.useFakeTimers();
    try {
      const errors: string[] = [];
      let runs = 0;
      const stop = everyHour(
        async () => {
          runs++;
          throw new Error(`run ${runs}`);
        },
        1000,
        { error: (_obj, msg) => errors.push(msg) },
        'Job failed',
      );
      await vi.advanceTimersByTimeAsync(1000);
      await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
      expect(runs).toBe(2);
      expect(errors).toEqual(['Job failed', 'Job failed']);
      stop();
      await vi.advanceTimersByTimeAsync(2 * 60 * 60 * 1000);
      expect(runs).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a stop signals the run under way, and what it fails of after the stop (the pool closed) is not logged', async () => {
    vi.useFakeTimers();
    try {
      const errors: string[] = [];
      let release!: () => void;
      let signal: AbortSignal | undefined;
      const stop = everyHour(
        async (stopped) => {
          signal = stopped;
          await new Promise<void>((resolve) => (release = resolve));
          throw new Error('Cannot use a pool after calling end on the pool');
        },
        0,
        { error: (_obj, msg) => errors.push(msg) },
        'Job failed',
      );
      await vi.advanceTimersByTimeAsync(0);
      expect(signal?.aborted).toBe(false);
      stop();
      expect(signal?.aborted).toBe(true);
      release();
      await vi.advanceTimersByTimeAsync(0);
      expect(errors).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
