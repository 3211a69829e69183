import type { PortalDeps } from '../deps.ts';

// Small reads the public, unauthenticated routes need: is the database there, does a terms version exist.

type Deps = Pick<PortalDeps, 'prisma'>;

/** Throws when the database does not answer (the health check then fails). */
export async function checkDatabase({ prisma }: Deps): Promise<void> {
  await prisma.$queryRaw`SELECT 1`;
}

/** Whether this terms version was published for this role. */
export async function termsVersionExists({ prisma }: Deps, role: string, version: string): Promise<boolean> {
  return (await prisma.termsVersion.count({ where: { role, version } })) > 0;
}
