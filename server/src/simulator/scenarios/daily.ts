// Small scenarios a front-end developer needs daily: `demo` with one state changed for a main
// persona, so signing in as that persona lands straight on the screen state to work on.
import type { Db } from '../../db/client.ts';
import { seedDemo } from './demo.ts';
import { exportSnapshot } from './demo-downloads.ts';
import type { InvitationSeed } from './demo-invitation-list.ts';
import { eventsOf, invitationProductRows, invitationRow } from './demo-invitations.ts';
import { USER_IDS } from './demo-people.ts';
import type { Scenario } from './scenario.ts';

const { owner, fleet, chargewise, saferoad } = USER_IDS;

/** Companies that redeemed owner@'s codes and wait for owner@'s decision. */
const PENDING_DECISIONS: readonly InvitationSeed[] = [
  {
    id: 'inv-daily-pending-1',
    ownerId: owner,
    agentId: chargewise,
    status: 'CLAIMED',
    created: 2,
    claimed: 1,
    products: [['prod-veh-1', false]],
  },
  {
    id: 'inv-daily-pending-2',
    ownerId: owner,
    agentId: saferoad,
    status: 'CLAIMED',
    created: 1,
    claimed: 0,
    products: [['prod-wb-1', true]],
  },
  {
    id: 'inv-daily-pending-3',
    ownerId: owner,
    agentId: fleet,
    status: 'CLAIMED',
    created: 3,
    claimed: 2,
    products: [
      ['prod-veh-3', false],
      ['prod-wb-2', false],
    ],
  },
];

async function addInvitations(db: Db, now: Date, invitations: readonly InvitationSeed[]): Promise<void> {
  await db.invitation.createMany({ data: invitations.map((inv) => invitationRow(inv, now)) });
  await db.invitationProduct.createMany({ data: invitations.flatMap(invitationProductRows) });
  await db.sharingEvent.createMany({ data: invitations.flatMap((inv) => eventsOf(inv, now)) });
}

/** fleet@'s own registration in another state (its connected users stay as in `demo`). */
async function fleetRegistration(db: Db, now: Date, status: 'pending' | 'rejected'): Promise<void> {
  await db.agentProfile.update({
    where: { userId: fleet },
    data:
      status === 'pending'
        ? { status, decidedAt: null, decidedById: null }
        : { status, decidedAt: now, decidedById: USER_IDS.admin },
  });
}

/** The admin suspends the accepted sharing of owner@ with fleet@ (with its audit entry). */
async function suspendOwnerSharing(db: Db, now: Date): Promise<void> {
  await db.invitation.update({
    where: { id: 'inv-owner-accepted' },
    data: { status: 'PAUSED_BY_ADMIN', statusChangedAt: now },
  });
  const paused = { type: 'PAUSED', actorId: USER_IDS.admin, actorRole: 'admin', at: now } as const;
  await db.sharingEvent.create({ data: { invitationId: 'inv-owner-accepted', ...paused } });
}

/** New terms of use for people, published now: every owner accepts them at the next sign-in. */
async function publishNewUserTerms(db: Db, now: Date): Promise<void> {
  const terms = { role: 'user', version: 'daily-new', publishedAt: now, documentName: '2025-06_user_en.pdf' };
  await db.termsVersion.create({ data: terms });
}

const daily = (
  name: string,
  title: string,
  description: string,
  change: (db: Db, now: Date) => Promise<void>,
): Scenario => ({
  name,
  title,
  description,
  async load({ db, now }) {
    await seedDemo(db, now);
    await change(db, now);
  },
});

export const DAILY_SCENARIOS: readonly Scenario[] = [
  daily(
    'pending-invitations',
    'Owner with pending invitations',
    'demo, plus three companies that redeemed codes of owner@ and wait for a decision.',
    (db, now) => addInvitations(db, now, PENDING_DECISIONS),
  ),
  daily(
    'company-awaiting-approval',
    'Company awaiting approval',
    'demo, with the registration of fleet@ back in review: fleet@ sees the waiting screen, admin@ the application.',
    (db, now) => fleetRegistration(db, now, 'pending'),
  ),
  daily(
    'company-rejected',
    'Company rejected',
    'demo, with the registration of fleet@ rejected just now.',
    (db, now) => fleetRegistration(db, now, 'rejected'),
  ),
  daily(
    'sharing-suspended',
    'Sharing suspended',
    'demo, with the active sharing of owner@ with fleet@ suspended by the admin just now.',
    suspendOwnerSharing,
  ),
  daily(
    'export-running',
    'Export running',
    'demo, with an export of all products of owner@ running for the next ten simulated minutes.',
    async (db, now) => {
      const products = await db.product.findMany({ where: { ownerId: owner }, select: { id: true } });
      await db.downloadJob.create({
        data: {
          userId: owner,
          type: 'PRODUCTS',
          relatedId: null,
          status: 'RUNNING',
          exportRequest: await exportSnapshot(
            db,
            products.map((product) => product.id),
            now,
          ),
          createdAt: now,
          updatedAt: now,
          startedAt: now,
          runAt: new Date(now.getTime() + 10 * 60_000),
        },
      });
    },
  ),
  daily(
    'terms-changed',
    'Terms changed',
    'demo, with new terms of use for people published just now: every owner must accept them at sign-in.',
    publishNewUserTerms,
  ),
];
