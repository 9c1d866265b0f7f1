import { eq, inArray } from 'drizzle-orm';
import { CONTRACT_STATUSES, type ContractStatus, type LahanStatus } from '../../../../shared/constants.js';
import { isFinal } from '../../../../shared/contract-lifecycle.js';
import type { Tx } from '../../engine/client.js';
import { contracts, lahan, users } from '../../schema.js';
import { COMMODITIES, DELIVERY_TERMS } from '../names.js';
import { createRandom, type Random } from '../random.js';
import { ANCHOR, DAY, isoDate } from './catalog.js';
import { PAIR_MONEY, PLOTS, STATUS_MIX } from './contract-plots.js';
import { gradesABC, playStory, type Actor, type Step, type Story, type Terms } from './contract-story.js';
import { insertInOrder } from './rows.js';
import { writeHistories, type Planned } from './contract-histories.js';
import { DEFAULT_PAYMENT_DAYS, gradeAOnly, type GradePrice } from '../../../../shared/settlement.js';
import { refreshSettlement } from '../../../modules/contracts/settlement-totals.js';
import { LAHAN_EFFECTS } from '../../../modules/contracts/lifecycle.js';

export interface DemoParty {
  id: number;
  name: string;
  verified: boolean;
}
export interface DemoLand {
  id: number;
  petaniId: number;
  status: LahanStatus;
}

export interface ContractWorld {
  petani: DemoParty[];
  mitra: DemoParty[];
  /** The lahan of the demo petani kept for the contracts with the demo mitra (one per status). */
  demoLand: DemoLand[];
  lahan: DemoLand[];
  categories: { id: number; type_name: string }[];
}

/** Lahan statuses only a contract gives. */
export const CONTRACT_LAND = new Set<LahanStatus>(
  Object.values(LAHAN_EFFECTS)
    .map((effect) => effect.to)
    .filter((status) => status !== 'active'),
);

/** The lahan status a contract's steps leave it in, by the server's effects of each step on the lahan. */
export const landAfter = (steps: Step[]): LahanStatus =>
  steps.reduce<LahanStatus>((land, { a }) => {
    const effect = LAHAN_EFFECTS[a];
    return effect?.from.includes(land) ? effect.to : land;
  }, 'active');

const SIGNERS = [
  [
    '36.68.112.',
    'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
  ],
  ['114.124.9.', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36'],
  [
    '182.253.40.',
    'Mozilla/5.0 (Linux; Android 12; Redmi Note 11) AppleWebKit/537.36 Chrome/129.0 Mobile Safari/537.36',
  ],
] as const;

/**
 * `count` contracts between verified petani and verified mitra, each played through the lifecycle
 * (contract-story.ts) and written with its terms versions (documents frozen and hashed), events, signatures
 * and deliveries; the lahan end in the status their contracts leave. The first one of each status is between
 * the demo petani and the demo mitra, on the demo petani's kept lahan.
 */
export async function seedDemoContracts(tx: Tx, random: Random, world: ContractWorld, count: number) {
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  const verifiedPetani = new Set(world.petani.filter((p) => p.verified).map((p) => p.id));
  const mitra = world.mitra.filter((m) => m.verified);
  const free = world.lahan.filter((l) => l.status === 'active' && verifiedPetani.has(l.petaniId));
  const future = Math.max(ANCHOR, Math.floor(Date.now() / DAY) * DAY);
  const landStatus = new Map<number, LahanStatus>();
  // The price tables and payment days draw on their own sequence, so that every other draw stays as it was.
  const terms = createRandom(20261131);

  const planned: Planned[] = [];
  for (let i = 0; i < count; i++) {
    const pair = pairStory(i, count);
    const status = pair?.status ?? drawStatus(random);
    const steps = pair?.steps ?? random.pick(PLOTS[status]);
    const leftLand = landAfter(steps);
    const ends = leftLand === 'active';
    let land: DemoLand;
    if (pair) land = world.demoLand[pair.land]!;
    else if (ends) land = random.pick(free);
    else {
      const at = random.int(0, free.length - 1);
      land = free.splice(at, 1)[0]!;
      if (!land) throw new Error('demo seed: not enough active lahan of verified petani');
    }
    const petani = world.petani.find((p) => p.id === land.petaniId)!;
    const partner = pair ? world.mitra[0]! : random.pick(mitra);
    const commodity = random.pick(COMMODITIES);
    const category = world.categories[i % world.categories.length]!;
    const { offered, start } = schedule(random, status, steps, future);
    const price = Math.round(random.int(commodity.price[0], commodity.price[1]) / 100) * 100;
    const offer: Terms = {
      price,
      prices: priceTable(terms, price, steps),
      payment_days: terms.pick([DEFAULT_PAYMENT_DAYS, DEFAULT_PAYMENT_DAYS, 14]),
      quantity: random.int(5, 200) * 100,
      unit: commodity.unit,
      start_date: isoDate(start),
      end_date: isoDate(new Date(start.getTime() + random.int(90, 240) * DAY)),
      delivery_terms: random.pick(DELIVERY_TERMS),
    };
    const gap = random.int(3, 30);
    let story = playStory(offer, steps, offered, gap);
    if (notYetDue(steps))
      story = playStory({ ...offer, payment_days: daysPastToday(story, future) }, steps, offered, gap);
    const ids: Record<Actor, number | null> = {
      petani: petani.id,
      mitra: partner.id,
      admin: admin?.id ?? null,
      system: null,
    };
    planned.push({
      values: {
        title: `${category.type_name} ${commodity.name.split(' (')[0]} #${String(i + 1).padStart(3, '0')}`,
        contract_category_id: category.id,
        description: `Kontrak ${category.type_name.toLowerCase()} ${commodity.name.toLowerCase()} antara petani dan mitra, dengan mutu sesuai standar yang disepakati.`,
        status: story.status,
        petani_id: petani.id,
        mitra_id: partner.id,
        lahan_id: land.id,
        commodity: commodity.name,
        ...story.terms,
        terms_version: story.version,
        awaiting: story.awaiting,
        petani_signed_at: story.signed.petani ?? null,
        mitra_signed_at: story.signed.mitra ?? null,
        cancel_reason: story.cancel_reason,
        created_at: offered,
        updated_at: story.at,
      },
      story,
      ids,
      names: [petani.name, partner.name],
      signers: story.signatures.map(() => {
        const [ip, agent] = random.pick(SIGNERS);
        return { ip: `${ip}${random.int(2, 250)}`, user_agent: agent };
      }),
    });
    if (!ends || !landStatus.has(land.id)) landStatus.set(land.id, leftLand);
  }
  const contractIds = await insertInOrder(
    tx,
    contracts,
    planned.map((p) => p.values),
  );
  await writeHistories(tx, planned, contractIds);
  for (const [i, { story }] of planned.entries()) {
    if (story.deliveries.length || story.advances.length || story.payments.length)
      await refreshSettlement(tx, contractIds[i]!);
  }

  for (const status of new Set(landStatus.values())) {
    const ids = [...landStatus].filter(([, s]) => s === status).map(([id]) => id);
    await tx.update(lahan).set({ status }).where(inArray(lahan.id, ids));
  }
}

/**
 * The demo pair's contract `i` of `count`, if it is one: the first of each status on the demo petani's lahan
 * kept for it, and the last few the other completed stories (PAIR_MONEY), on the completed one's lahan.
 */
function pairStory(i: number, count: number) {
  if (i < CONTRACT_STATUSES.length)
    return { status: CONTRACT_STATUSES[i]!, steps: PLOTS[CONTRACT_STATUSES[i]!][0]!, land: i };
  const extra = i - (count - PAIR_MONEY.length);
  if (extra < 0) return null;
  return {
    status: 'completed' as const,
    steps: PAIR_MONEY[extra]!,
    land: CONTRACT_STATUSES.indexOf('completed'),
  };
}

/** Grades A, B and C where a story delivers B or C, and for some others; else A alone. */
function priceTable(random: Random, price: number, steps: Step[]): GradePrice[] {
  const graded = steps.some((s) => s.a === 'deliver' && s.grade !== 'A') || random.chance(0.4);
  return graded ? gradesABC(price) : gradeAOnly(price);
}

/** Payment days that give a story's last confirmed delivery a due date at least two weeks after `today`. */
function daysPastToday(story: Story, today: number): number {
  const last = Math.max(...story.deliveries.map((d) => d.confirmed_at?.getTime() ?? 0));
  const needed = Math.ceil((today + 14 * DAY - last) / DAY);
  return [30, 45, 60, 90, 120, 180, 270].find((days) => days >= needed) ?? 365;
}

function drawStatus(random: Random): ContractStatus {
  let u = random.int(0, STATUS_MIX.reduce((sum, [, share]) => sum + share, 0) - 1);
  for (const [status, share] of STATUS_MIX) if ((u -= share) < 0) return status;
  return 'pending';
}

/**
 * When the offer came and the work starts: contracts not started, while live, start after today (so the start
 * job leaves approved ones alone); started ones started weeks ago, months ago once ended — except those whose
 * payment is not yet due, which started weeks before today whatever their status (the days they give to pay
 * then run past today: daysPastToday).
 */
function schedule(random: Random, status: ContractStatus, steps: Step[], future: number) {
  const ago = (days: number) => new Date(ANCHOR - days * DAY);
  if (notYetDue(steps)) {
    const start = new Date(future - (10 + random.int(20, 60)) * DAY);
    return { start, offered: new Date(start.getTime() - random.int(10, 25) * DAY) };
  }
  if (steps.some((step) => step.a === 'start')) {
    const start = isFinal(status) ? ago(random.int(120, 400)) : ago(random.int(20, 60));
    return { start, offered: new Date(start.getTime() - random.int(10, 25) * DAY) };
  }
  if (isFinal(status)) {
    const offered = ago(random.int(12, 300));
    return { offered, start: new Date(offered.getTime() + random.int(14, 40) * DAY) };
  }
  return { offered: ago(random.int(12, 30)), start: new Date(future + random.int(14, 60) * DAY) };
}

const notYetDue = (steps: Step[]) => steps[0]?.a === 'offer' && steps[0].payment === 'not_yet_due';
