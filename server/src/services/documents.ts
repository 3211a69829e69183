import type { World } from '../world.ts';

// What the public documents need from the database: whether a version of the terms was published.

/** When a version of the terms was published for this role, or null when there is no such version. */
export async function termsPublishedAt(
  { prisma }: Pick<World, 'prisma'>,
  role: string,
  version: string,
): Promise<Date | null> {
  const terms = await prisma.termsVersion.findFirst({
    where: { role, version },
    select: { publishedAt: true },
  });
  return terms?.publishedAt ?? null;
}
