import { type MaybePromise, whenReady } from '../lib/maybe-promise.ts';
import type { World } from '../world.ts';

// What the public documents need from the database: whether a version of the terms was published.

/** When a version of the terms was published for this role, or null when there is no such version. */
export function termsPublishedAt(
  { reads }: Pick<World, 'reads'>,
  role: string,
  version: string,
): MaybePromise<Date | null> {
  return whenReady(reads.lists.termsPublishedAt(role, version), (publishedAt) =>
    publishedAt === undefined ? null : new Date(publishedAt),
  );
}
