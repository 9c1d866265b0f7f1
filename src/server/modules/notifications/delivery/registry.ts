import type PgBoss from 'pg-boss';
import type { Db, Tx } from '../../../db/engine/client.js';

export type SendChannel = 'email' | 'whatsapp';

/** The delivery a process runs (delivery/run.ts), as the outbox's writers see it. */
export interface RunningDelivery {
  channels: ReadonlySet<SendChannel>;
  boss: PgBoss;
  /** Writes one job per send inside `tx`: they exist exactly when the send rows do. */
  enqueue(tx: Tx | Db, sends: { id: number; channel: SendChannel }[]): Promise<void>;
}

/**
 * One per process: `queueSends` (called inside a notification's transaction, with no handle of its own) finds it
 * here. A file of its own so that writing notifications loads neither pg-boss nor nodemailer: a process with no
 * channel configured never imports them (main.ts imports delivery/run.ts only when one is).
 */
let running: RunningDelivery | undefined;

export const runningDelivery = (): RunningDelivery | undefined => running;

export function setRunningDelivery(delivery: RunningDelivery | undefined): void {
  if (delivery && running) throw new Error('notification delivery is already running in this process');
  running = delivery;
}
