// The `large-fleet` scenario: the demo personas plus the volumes a fleet operator or a leasing
// company has. fleet@ has 50,000 connected users, owner@ 500 more products and 10,000 invitations,
// admin@ 5,000 more company applications and (with both) over 50,000 sharings. Dates are spread
// over two years before `now`; names come from a seeded generator, so the same seed and `now`
// give the same rows.

import { INVITATION_STATUSES } from '../../domain/invitation-lifecycle.ts';
import { insertRows, type Row } from './bulk-insert.ts';
import { seedDemo } from './demo.ts';
import type { InvitationSeed, InvitationStatus } from './demo-invitation-list.ts';
import { eventsOf, invitationProductRows, invitationRow } from './demo-invitations.ts';
import { USER_IDS } from './demo-people.ts';
import { generateApplications } from './large-fleet-companies.ts';
import { emailLocalPart, FIRST_NAMES, SURNAMES, VEHICLES, WALLBOX_NAMES } from './names.ts';
import { createRandom, type Random } from './random.ts';
import type { Scenario, ScenarioContext } from './scenario.ts';
import { daysBefore } from './time.ts';

export const LARGE_FLEET = {
  connectedUsers: 50_000,
  ownerProducts: 500,
  ownerInvitations: 10_000,
  applications: 5_000,
} as const;

const TWO_YEARS_DAYS = 730;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Statuses an invitation a company has claimed can be in, weighted like a living fleet. */
const CONNECTED_STATUSES: ReadonlyArray<[InvitationStatus, number]> = [
  ['ACCEPTED', 50],
  ['CLAIMED', 15],
  ['DECLINED', 8],
  ['REVOKED_AFTER_CLAIMED', 7],
  ['REVOKED_AFTER_ACCEPTED', 10],
  ['PAUSED_BY_ADMIN', 10],
];

function weighted<T>(random: Random, choices: ReadonlyArray<[T, number]>): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return (choices[choices.length - 1] as [T, number])[0];
}

/** Days-ago of each step of an invitation created `created` days ago, in order, all ≥ 0. */
function timeline(
  random: Random,
  created: number,
  status: InvitationStatus,
): Omit<InvitationSeed, 'id' | 'ownerId' | 'agentId' | 'products'> {
  const step = (from: number) => Math.max(0, from - random.next() * Math.min(from, 3));
  const seed: Omit<InvitationSeed, 'id' | 'ownerId' | 'agentId' | 'products'> = { status, created };
  if (status === 'CREATED') return seed;
  if (status === 'REVOKED_BEFORE_CLAIMED') return { ...seed, ended: step(created), endedBy: 'user' };
  const claimed = step(created);
  if (status === 'CLAIMED') return { ...seed, claimed };
  if (status === 'DECLINED') return { ...seed, claimed, ended: step(claimed), endedBy: 'user' };
  if (status === 'REVOKED_AFTER_CLAIMED') {
    return { ...seed, claimed, ended: step(claimed), endedBy: random.chance(0.5) ? 'user' : 'agent' };
  }
  const accepted = step(claimed);
  if (status === 'ACCEPTED') return { ...seed, claimed, accepted };
  const ended = random.next() * accepted;
  if (status === 'PAUSED_BY_ADMIN') return { ...seed, claimed, accepted, ended, endedBy: 'admin' };
  return { ...seed, claimed, accepted, ended, endedBy: random.chance(0.5) ? 'user' : 'agent' };
}

interface Tables {
  users: Row[];
  products: Row[];
  periods: Row[];
  invitations: InvitationSeed[];
}

function product(
  random: Random,
  tables: Tables,
  id: string,
  ownerId: string,
  index: number,
  createdAt: Date,
) {
  const vehicle = random.chance(0.7);
  const [brand, model] = random.pick(VEHICLES);
  tables.products.push({
    id,
    ownerId,
    productType: vehicle ? 'VEHICLE' : 'WALLBOX',
    // 17 characters like a VIN; "LF" keeps them apart from the demo's.
    externalId: vehicle ? `VF1LF${pad(index, 12)}` : `WBXLF-${pad(index, 11)}`,
    model: vehicle ? model : null,
    brand: vehicle ? brand : null,
    name: vehicle ? null : random.pick(WALLBOX_NAMES),
    createdAt,
  });
  if (random.chance(0.8)) {
    tables.periods.push({ id: `period-${id}`, productId: id, enabledAt: createdAt, disabledAt: null });
  }
}

/** fleet@'s connected users: one owner, one product and one claimed invitation each. */
function generateFleet(random: Random, now: Date, tables: Tables): void {
  for (let i = 1; i <= LARGE_FLEET.connectedUsers; i++) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(SURNAMES);
    const userId = `lf-user-${pad(i, 5)}`;
    const joined = random.next() * TWO_YEARS_DAYS;
    tables.users.push({
      id: userId,
      email: `${emailLocalPart(first, last)}.${i}@example.org`,
      fullName: `${first} ${last}`,
      role: 'user',
      createdAt: daysBefore(now, joined),
    });
    const productId = `lf-prod-${pad(i, 5)}`;
    product(random, tables, productId, userId, i, daysBefore(now, joined));
    const status = weighted(random, CONNECTED_STATUSES);
    tables.invitations.push({
      id: `lf-inv-fleet-${pad(i, 5)}`,
      ownerId: userId,
      agentId: USER_IDS.fleet,
      ...timeline(random, random.next() * joined, status),
      products: [[productId, random.chance(0.3)]],
    });
  }
}

/** owner@'s extra products and invitations in every status, claimed by the other two companies. */
function generateOwner(random: Random, now: Date, tables: Tables): void {
  const productIds: string[] = [];
  for (let i = 1; i <= LARGE_FLEET.ownerProducts; i++) {
    const id = `lf-prod-owner-${pad(i, 3)}`;
    productIds.push(id);
    product(random, tables, id, USER_IDS.owner, LARGE_FLEET.connectedUsers + i, daysBefore(now, 730));
  }
  for (let i = 1; i <= LARGE_FLEET.ownerInvitations; i++) {
    const status = INVITATION_STATUSES[(i - 1) % INVITATION_STATUSES.length] as InvitationStatus;
    const claimed = status !== 'CREATED' && status !== 'REVOKED_BEFORE_CLAIMED';
    const shared = new Set<string>();
    const count = random.int(1, 3);
    while (shared.size < count) shared.add(random.pick(productIds));
    tables.invitations.push({
      id: `lf-inv-owner-${pad(i, 5)}`,
      ownerId: USER_IDS.owner,
      agentId: claimed ? random.pick([USER_IDS.chargewise, USER_IDS.saferoad]) : null,
      ...timeline(random, random.next() * TWO_YEARS_DAYS, status),
      products: [...shared].map((id) => [id, random.chance(0.3)] as [string, boolean]),
    });
  }
}

async function loadLargeFleet({ db, now, seed }: ScenarioContext): Promise<void> {
  await seedDemo(db, now);
  const random = createRandom(seed);
  const tables: Tables = { users: [], products: [], periods: [], invitations: [] };
  generateFleet(random, now, tables);
  generateOwner(random, now, tables);
  const companies = generateApplications(random, now, LARGE_FLEET.applications);
  await insertRows(db, 'User', [...tables.users, ...companies.users]);
  await insertRows(db, 'AgentProfile', companies.profiles);
  await insertRows(db, 'Product', tables.products);
  await insertRows(db, 'CollectionPeriod', tables.periods);
  await insertRows(
    db,
    'Invitation',
    tables.invitations.map((inv) => invitationRow(inv, now)),
  );
  await insertRows(db, 'InvitationProduct', tables.invitations.flatMap(invitationProductRows));
  await insertRows(
    db,
    'SharingEvent',
    tables.invitations.flatMap((inv) => eventsOf(inv, now)),
  );
}

export const largeFleetScenario: Scenario = {
  name: 'large-fleet',
  title: 'Large fleet',
  description:
    'The demo personas plus 50,000 connected users of fleet@ in every status, owner@ with 500 more products and 10,000 invitations, and 5,000 more company applications for admin@; dates spread over two years.',
  load: loadLargeFleet,
};
