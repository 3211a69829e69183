// Seeded personas: users, terms versions and acceptances.
import type { Db } from '../../db/client.ts';
import { daysBefore } from './time.ts';

export const USER_IDS = {
  owner: 'user-owner',
  second: 'user-second',
  empty: 'user-empty',
  terms: 'user-terms',
  fleet: 'user-fleet',
  chargewise: 'user-chargewise',
  saferoad: 'user-saferoad',
  pending: 'user-pending',
  rejected: 'user-rejected',
  newco: 'user-newco',
  draft: 'user-draft',
  admin: 'user-admin',
  review: 'user-review',
  starter: 'user-starter',
} as const;

type Role = 'user' | 'agent' | 'admin';

interface PersonSeed {
  id: string;
  email: string;
  fullName: string;
  role: Role;
  createdDaysAgo: number;
}

export const PERSONAS: readonly PersonSeed[] = [
  {
    id: USER_IDS.owner,
    email: 'owner@example.com',
    fullName: 'Olivia Owner',
    role: 'user',
    createdDaysAgo: 180,
  },
  {
    id: USER_IDS.second,
    email: 'second@example.com',
    fullName: 'Samuel Second',
    role: 'user',
    createdDaysAgo: 150,
  },
  {
    id: USER_IDS.empty,
    email: 'empty@example.com',
    fullName: 'Emma Empty',
    role: 'user',
    createdDaysAgo: 20,
  },
  {
    id: USER_IDS.terms,
    email: 'terms@example.com',
    fullName: 'Theo Terms',
    role: 'user',
    createdDaysAgo: 160,
  },
  {
    id: USER_IDS.fleet,
    email: 'fleet@example.com',
    fullName: 'Fiona Fleet',
    role: 'agent',
    createdDaysAgo: 170,
  },
  {
    id: USER_IDS.chargewise,
    email: 'chargewise@example.com',
    fullName: 'Carlos Charge',
    role: 'agent',
    createdDaysAgo: 140,
  },
  {
    id: USER_IDS.saferoad,
    email: 'saferoad@example.com',
    fullName: 'Sofia Road',
    role: 'agent',
    createdDaysAgo: 130,
  },
  {
    id: USER_IDS.pending,
    email: 'pending@example.com',
    fullName: 'Paul Pending',
    role: 'agent',
    createdDaysAgo: 5,
  },
  {
    id: USER_IDS.rejected,
    email: 'rejected@example.com',
    fullName: 'Rita Rejected',
    role: 'agent',
    createdDaysAgo: 40,
  },
  {
    id: USER_IDS.newco,
    email: 'newco@example.com',
    fullName: 'Nora Newco',
    role: 'agent',
    createdDaysAgo: 1,
  },
  {
    // Documents uploaded, registration not submitted yet: the contract's examples submit it and delete one.
    id: USER_IDS.draft,
    email: 'draft@example.com',
    fullName: 'Dora Draft',
    role: 'agent',
    createdDaysAgo: 2,
  },
  {
    id: USER_IDS.admin,
    email: 'admin@example.com',
    fullName: 'Adam Admin',
    role: 'admin',
    createdDaysAgo: 365,
  },
  // Objects only the contract's examples change, one per state-changing example, so the examples
  // work in any order (decision 0032): a second company awaiting review (rejected by
  // rejectAgentApplication's example) and a company with one document uploaded and no
  // registration (deleteAgentFile's example).
  {
    id: USER_IDS.review,
    email: 'review@example.com',
    fullName: 'Rhea Review',
    role: 'agent',
    createdDaysAgo: 6,
  },
  {
    id: USER_IDS.starter,
    email: 'starter@example.com',
    fullName: 'Stan Starter',
    role: 'agent',
    createdDaysAgo: 1,
  },
];

/** Terms versions per role; the last one of a role is current. */
export const TERMS_VERSIONS = [
  { role: 'user', version: '2025-01', publishedAt: '2025-01-15T00:00:00.000Z' },
  { role: 'user', version: '2025-06', publishedAt: '2025-06-01T00:00:00.000Z' },
  { role: 'agent', version: '2025-01', publishedAt: '2025-01-15T00:00:00.000Z' },
  { role: 'admin', version: '2025-01', publishedAt: '2025-01-15T00:00:00.000Z' },
] as const;

export async function seedPeople(db: Db, now: Date): Promise<void> {
  await db.user.createMany({
    data: PERSONAS.map(({ createdDaysAgo, ...person }) => ({
      ...person,
      createdAt: daysBefore(now, createdDaysAgo),
    })),
  });
  await db.termsVersion.createMany({
    data: TERMS_VERSIONS.map((t) => ({
      role: t.role,
      version: t.version,
      publishedAt: new Date(t.publishedAt),
      documentName: `${t.version}_${t.role}_en.pdf`,
    })),
  });
  const acceptances = PERSONAS.flatMap((person) =>
    TERMS_VERSIONS.filter((t) => t.role === person.role)
      // terms@ still has to accept the newest user version.
      .filter((t) => !(person.id === USER_IDS.terms && t.version === '2025-06'))
      .map((t, index) => ({
        userId: person.id,
        role: t.role,
        version: t.version,
        acceptedAt: daysBefore(now, Math.max(person.createdDaysAgo - 1 - index * 30, 0)),
      })),
  );
  await db.termsAcceptance.createMany({ data: acceptances });
}
