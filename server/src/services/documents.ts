import type { World } from '../world.ts';

// What the public documents need from the database: whether a version of the terms was published.

/** When a version of the terms was published for this role, or null when there is no such version. */
export async function termsPublishedAt(
  { reads }: Pick<World, 'reads'>,
  role: string,
  version: string,
): Promise<Date | null> {
  const publishedAt = await reads.lists.termsPublishedAt(role, version);
  return publishedAt === undefined ? null : new Date(publishedAt);
}
