// The `demo` scenario (the personas of the README with every screen state; fixed ids the
// contract's examples and the tests rely on) and `empty` (the same people, nothing else).
import type { Db } from '../../db/client.ts';
import { seedCompanies } from './demo-companies.ts';
import { seedDownloadJobs } from './demo-downloads.ts';
import { seedAgentFiles } from './demo-files.ts';
import { seedInvitations } from './demo-invitations.ts';
import { seedPeople } from './demo-people.ts';
import { seedProducts } from './demo-products.ts';
import type { Scenario } from './scenario.ts';

/** The personas: users, terms, company registrations and their documents. */
export async function seedPersonas(db: Db, now: Date): Promise<void> {
  await seedPeople(db, now);
  await seedCompanies(db, now);
  await seedAgentFiles(db, now);
}

export async function seedDemo(db: Db, now: Date): Promise<void> {
  await seedPersonas(db, now);
  await seedProducts(db, now);
  await seedInvitations(db, now);
  await seedDownloadJobs(db, now);
}

/** A scenario that seeds its rows with `seed`, all dated from the simulation clock's now. */
const seededBy = (name: string, title: string, description: string, seed: typeof seedDemo): Scenario => ({
  name,
  title,
  description,
  load: ({ db, now }) => seed(db, now),
});

const DEMO =
  'The personas of the sign-in page with products in both collection states, invitations in every status, companies in every registration state and finished downloads.';
const EMPTY =
  'The same personas and company registrations, with no products, invitations, sharings or download jobs.';

export const demoScenario = seededBy('demo', 'Demo personas', DEMO, seedDemo);
export const emptyScenario = seededBy('empty', 'Personas only', EMPTY, seedPersonas);
