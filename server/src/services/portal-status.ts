import type { PortalDeps } from '../deps.ts';

// Small reads the public, unauthenticated routes need: is the database there, does a terms version exist.

type Deps = Pick<PortalDeps, 'prisma'>;

/** Throws when the database does not answer (the health check then fails). */
export async function checkDatabase({ prisma }: Deps): Promise<void> {
  await prisma.$queryRaw`SELECT 1`;
}

/** Whether this terms version was published for this role. */
/** When a version of the terms was published, or null when there is no such version. */
export async function termsPublishedAt(
  { prisma }: Deps,
  role: string,
  version: string,
): Promise<Date | null> {
  const terms = await prisma.termsVersion.findFirst({
    where: { role, version },
    select: { publishedAt: true },
  });
  return terms?.publishedAt ?? null;
}
