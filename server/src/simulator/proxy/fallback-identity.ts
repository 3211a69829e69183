import type { FastifyRequest } from 'fastify';
import { authenticateRequest } from '../../auth/authenticate.ts';
import { createSession, resolveSession } from '../../auth/sessions.ts';

/**
 * PROXY_FALLBACK_AS: who the simulation answers for when the caller is signed in to the back end
 * only (its cookie or token means nothing here). The proxy signs that persona in itself, with a
 * session of its own, so a fallback works in every mode that allows fallback, not only where the
 * X-User-Id header is trusted. A caller the simulation already knows keeps their own identity.
 */
export function createFallbackIdentity(email: string) {
  let token: string | null = null;
  return async (request: FastifyRequest): Promise<void> => {
    const { world } = request;
    if (await authenticateRequest(world, request)) return;
    if (!token || !(await resolveSession(world, token))) {
      const user = await world.prisma.user.findUnique({ where: { email: email.toLowerCase() } });
      // No such persona in this world: the simulation answers 401 as it would to anyone.
      if (!user) return;
      token = (await createSession(world, user.id, 'validating proxy fallback')).token;
    }
    request.cookies[world.config.session.cookieName] = token;
  };
}
