import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { NotificationKind } from '../../../../shared/notifications.js';
import type { Config } from '../../../config.js';
import { queryRows, type Db } from '../../../db/engine/client.js';
import { notificationSends as sends, notifications, users } from '../../../db/schema.js';
import { SendFailure, type Sender } from './message.js';
import { CLAIM_SECONDS, QUEUES, type SendChannel, type SendJob } from './queue.js';
import { unsubscribeToken } from './unsubscribe-token.js';

interface Claimed {
  id: number;
  address: string;
  tries: number;
  kind: NotificationKind;
  title: string;
  link: string;
  user_id: number;
  full_name: string;
}

/**
 * Takes the send row for this try, in a statement of its own (committed before anything is sent): a queued or
 * failed row, or one whose claim has lapsed (its process died mid-send). Two processes racing for the same row:
 * the second waits for the first's row lock, then finds it `sending` and takes nothing.
 */
async function claim(db: Db, sendId: number): Promise<Claimed | undefined> {
  const [row] = await queryRows<Claimed>(
    db,
    sql`UPDATE ${sends} SET status = 'sending', tries = ${sends.tries} + 1,
          next_at = now() + make_interval(secs => ${CLAIM_SECONDS})
        FROM ${notifications} JOIN ${users} ON ${users.id} = ${notifications.user_id}
        WHERE ${sends.id} = ${sendId} AND ${notifications.id} = ${sends.notification_id}
          AND (${sends.status} IN ('queued', 'failed') OR (${sends.status} = 'sending' AND ${sends.next_at} < now()))
        RETURNING ${sends.id} AS id, ${sends.address} AS address, ${sends.tries} AS tries,
          ${notifications.kind} AS kind, ${notifications.title} AS title, ${notifications.link} AS link,
          ${notifications.user_id} AS user_id, ${users.full_name} AS full_name`,
  );
  return row;
}

const record = (db: Db, id: number, set: Record<string, unknown>) =>
  db
    .update(sends)
    .set(set)
    .where(sql`${sends.id} = ${id} AND ${sends.status} = 'sending'`);

export interface AttemptContext {
  db: Db;
  boss: PgBoss;
  config: Config;
  channel: SendChannel;
  sender: Sender;
}

/**
 * One try of one job: claim its row, send, record the outcome. A failure that another try may get past leaves the
 * row `failed` and fails the job, whose retry pg-boss schedules with back-off; a final one (a permanent refusal,
 * or the last try) leaves it `dead` and ends the job.
 */
export async function attempt(
  { db, boss, config, channel, sender }: AttemptContext,
  job: PgBoss.JobWithMetadata<SendJob>,
): Promise<void> {
  const row = await claim(db, job.data.sendId);
  if (!row) return;
  const unsubscribe = unsubscribeToken(config.jwtSecret, { userId: row.user_id, kind: row.kind, channel });
  try {
    await sender.send({
      sendId: row.id,
      address: row.address,
      name: row.full_name,
      kind: row.kind,
      title: row.title,
      url: `${config.publicUrl}${row.link}`,
      unsubscribeUrl: `${config.publicUrl}/api/v1/notifications/unsubscribe?token=${unsubscribe}`,
    });
  } catch (error) {
    const failure = error instanceof SendFailure ? error : new SendFailure(String(error), false);
    const final =
      failure.permanent || row.tries >= config.delivery.maxTries || job.retryCount >= job.retryLimit;
    const wait = config.delivery.retryDelaySeconds * 2 ** job.retryCount;
    await record(db, row.id, {
      status: final ? 'dead' : 'failed',
      last_error: failure.message.slice(0, 1000),
      next_at: final ? sql`now()` : sql`now() + make_interval(secs => ${wait})`,
    });
    if (!final) await boss.fail(QUEUES[channel], job.id, { error: failure.message });
    return;
  }
  await record(db, row.id, { status: 'sent', sent_at: sql`now()`, last_error: null });
}
