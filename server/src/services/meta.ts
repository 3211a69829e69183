import type { World } from '../world.ts';

// What the portal's health check reads: whether the database answers.

/** Throws when the database does not answer (the health check then fails). */
export async function checkDatabase({ reads }: Pick<World, 'reads'>): Promise<void> {
  await reads.lists.ping();
}
