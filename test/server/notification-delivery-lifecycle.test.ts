import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractDeliveries, users } from '../../src/server/db/schema.js';
import { notifications as T } from '../../src/shared/messages/notifications.js';
import { call, useTestApp, type Json } from './support/app.js';
import { startCloudApi, type TestCloudApi } from './support/cloud-api-server.js';
import { BASE, must, offerContract, useContractCast } from './support/contract-cast.js';
import { step, type Actor, type StepAction } from './support/contract-steps.js';
import { deliveryConfig, runDelivery, TEST_PUBLIC_URL, waitFor } from './support/delivery.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js';

/*
 * Issue 29's delivery, end to end: each step of a whole contract lifecycle taken through the API sends the
 * person it waits for (or tells) one email, in Indonesian with the link to the contract, through a real SMTP
 * server, and one WhatsApp template message to their E.164 number through a local Cloud API.
 */

const ctx = useTestApp();
const cast = useContractCast(ctx);
let smtp: TestSmtpServer;
let api: TestCloudApi;
let stop: () => Promise<void>;
const PHONES = { petani: '+6281234567890', mitra: '+6281298765432' };

beforeAll(async () => {
  [smtp, api] = await Promise.all([startSmtpServer(), startCloudApi()]);
  await ctx.db.update(users).set({ phone: PHONES.petani }).where(eq(users.id, cast.petaniId));
  await ctx.db.update(users).set({ phone: PHONES.mitra }).where(eq(users.id, cast.mitraId));
  stop = await runDelivery(ctx.db, deliveryConfig(smtp, api));
});
afterAll(async () => {
  await stop?.();
  await Promise.all([smtp?.close(), api?.close()]);
});

type Kind = keyof typeof T.contractTitles;
type Party = 'petani' | 'mitra';

/** The path, each step with who takes it, and who is then told of what. */
const PATH: [StepAction, Actor, Party, Kind][] = [
  ['counter', 'petani', 'mitra', 'contract.counter'],
  ['revise', 'mitra', 'petani', 'contract.revise'],
  ['sign', 'petani', 'mitra', 'contract.sign'],
  ['sign', 'mitra', 'petani', 'contract.approve'],
  ['start', 'mitra', 'petani', 'contract.start'],
  ['deliver', 'mitra', 'petani', 'contract.delivery'],
  ['confirm', 'petani', 'mitra', 'contract.delivery_confirmed'],
  ['complete', 'mitra', 'petani', 'contract.complete'],
];

describe('a whole contract lifecycle, by email and WhatsApp', () => {
  it('each step reaches the person told, once per channel, in Indonesian, with a link that opens the contract', async () => {
    const email = async (party: Party) =>
      (
        await ctx.db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, party === 'petani' ? cast.petaniId : cast.mitraId))
      )[0]!.email;
    const addresses = { petani: await email('petani'), mitra: await email('mitra') };
    const arrived = async (count: number) =>
      waitFor(
        `${count} emails and WhatsApps`,
        () => smtp.messages.length >= count && api.messages.length >= count,
      );

    const contract: Json = await offerContract(ctx, cast);
    const expected: [Party, Kind][] = [['petani', 'contract.offer']];
    await arrived(1);
    for (const [action, actor, told, kind] of PATH) {
      const deliveryId =
        action === 'confirm'
          ? (
              await ctx.db
                .select({ id: contractDeliveries.id })
                .from(contractDeliveries)
                .where(eq(contractDeliveries.contract_id, contract.id))
            )[0]!.id
          : undefined;
      await must(
        step(ctx, cast, contract.id, action, actor, {
          price: action === 'counter' ? 5200 : 5100,
          deliveryId,
        }),
      );
      expected.push([told, kind]);
      await arrived(expected.length);
    }

    const link = `${TEST_PUBLIC_URL}/akun/kontrak/${contract.id}`;
    const titleOf = (kind: Kind) => T.contractTitles[kind](contract.id, contract.title);
    expect(
      smtp.messages.map((m) => [m.to && 'value' in m.to ? m.to.value[0]!.address : '', m.subject]),
    ).toEqual(expected.map(([party, kind]) => [addresses[party], `[TaniMitra] ${titleOf(kind)}`]));
    for (const mail of smtp.messages) {
      expect(mail.text).toContain(`Buka di TaniMitra: ${link}`);
      expect(mail.html).toContain(`<a href="${link}">Buka di TaniMitra</a>`);
    }
    expect(
      api.messages.map((m) => [m.to, ...m.template.components[0]!.parameters.map((p) => p.text)]),
    ).toEqual(expected.map(([party, kind]) => [PHONES[party], titleOf(kind), link]));

    // The link is the contract's page in /akun, which reads the contract with the person's own token.
    for (const party of ['petani', 'mitra'] as const) {
      const page = await call(ctx, { url: `${BASE}/${contract.id}`, token: cast.tokens[party] });
      expect(page.statusCode).toBe(200);
    }
    expect(new URL(link).pathname).toBe(`/akun/kontrak/${contract.id}`);
  }, 120_000);
});
