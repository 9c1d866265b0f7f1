import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../engine/client.js';
import { contractEvents, contracts, notifications, users } from '../../schema.js';
import { contractStepItems, registrationNotice } from '../../../modules/notifications/notices.js';
import { notificationRow } from '../../../modules/notifications/service.js';

/** How many of the sign-ups waiting for verification the admins' bells tell of. */
const SIGN_UPS = 8;
/** Each person's newest few are left unread. */
const UNREAD = 3;

/**
 * The demo's bells: what every step of the demo contracts told their parties, and the admins the people
 * still waiting for verification, each at the time it happened; each person's newest few unread. Written as
 * rows (no email or WhatsApp sends: those belong to changes made on the running server).
 */
export async function seedDemoNotifications(tx: Tx): Promise<void> {
  const steps = await tx
    .select({
      contractId: contractEvents.contract_id,
      action: contractEvents.action,
      actorId: contractEvents.actor_id,
      to: contractEvents.to_status,
      at: contractEvents.created_at,
      title: contracts.title,
      petani_id: contracts.petani_id,
      mitra_id: contracts.mitra_id,
    })
    .from(contractEvents)
    .innerJoin(contracts, eq(contracts.id, contractEvents.contract_id))
    .orderBy(asc(contractEvents.created_at), asc(contractEvents.id));
  const waiting = await tx
    .select({ id: users.id, role: users.role, name: users.full_name, at: users.created_at })
    .from(users)
    .where(and(inArray(users.role, ['petani', 'mitra']), eq(users.status_verifikasi, false)))
    .orderBy(desc(users.created_at))
    .limit(SIGN_UPS);
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id));

  const told = [
    ...steps.flatMap((step) =>
      contractStepItems({
        contractId: step.contractId,
        action: step.action,
        actor: { id: step.actorId },
        to: step.to,
        contract: step,
      }).map((item) => ({ ...item, at: step.at })),
    ),
    ...waiting.flatMap((person) =>
      admins.map((admin) => ({
        userId: admin.id,
        ...registrationNotice({
          userId: person.id,
          role: person.role as 'petani' | 'mitra',
          name: person.name,
        }),
        contractId: null,
        at: person.at,
      })),
    ),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  if (told.length === 0) return;
  // Oldest first, so that ids follow time as they do on the running server.
  await tx
    .insert(notifications)
    .values(told.map((item) => ({ ...notificationRow(item), created_at: item.at })));
  await tx.execute(sql`UPDATE ${notifications} SET read_at = created_at + interval '2 hours'
    WHERE id IN (SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY id DESC) AS newest
      FROM ${notifications}) ranked WHERE newest > ${UNREAD})`);
}
