import type { FastifyReply } from 'fastify';
import { finishLogin, startLogin } from '../auth/login-flow.ts';
import { roleHintParam } from '../auth/oidc-settings.ts';
import { LoginError } from '../auth/relying-party.ts';
import {
  clearLoginStateCookie,
  clearSessionCookie,
  loginStateCookie,
  setLoginStateCookie,
  setSessionCookie,
} from '../auth/session-cookie.ts';
import { destroySession } from '../auth/sessions.ts';
import { defineRoute, type RouteSetup } from '../lib/route.ts';

const failurePage = (reason: LoginError['reason']) => `/login?error=${reason}`;

/**
 * The built-in provider asks who you are on every sign-in, so its own session (cookie `_session`,
 * same origin) only gets in the way: picking another persona than last time made it log the old one
 * out half-way through the sign-in, which ended on "interaction session not found". Every sign-in
 * starts without it.
 */
function forgetDevProviderSession(reply: FastifyReply): void {
  for (const name of ['_session', '_session.sig']) reply.clearCookie(name, { path: '/' });
}

/** Sign-in (OpenID Connect authorisation code flow with PKCE) and sign-out. */
export function authRoutes(setup: RouteSetup) {
  const { config } = setup;
  return [
    defineRoute({
      operationId: 'login',
      // Enough to stop a script from filling the LoginAttempt table or hammering the provider, generous
      // for people (every sign-in is two calls). Real time, not simulated; per client address.
      rateLimit: {
        max: config.loginRateLimit.max,
        timeWindow: config.loginRateLimit.windowMs,
        keyGenerator: (request) => `login:${request.ip}`,
        message: 'Too many sign-in attempts. Please wait a minute and try again.',
      },
      async handler({ world, request, reply, query }) {
        const relyingParty = request.server.relyingPartyFor(request);
        const finishing = query.code !== undefined || query.state !== undefined || query.error !== undefined;
        try {
          if (!finishing) {
            // The login page's "User or Company" choice, honoured by the built-in provider (others ignore it).
            const role = (request.query as Record<string, unknown>).role;
            const extra = role === 'agent' || role === 'user' ? { [roleHintParam]: role } : undefined;
            const started = await startLogin(
              world,
              relyingParty,
              relyingParty.accountKey === 'subject' ? extra : {},
            );
            setLoginStateCookie(reply, config, started.state, started.maxAgeSeconds);
            if (relyingParty.accountKey === 'subject') forgetDevProviderSession(reply);
            return reply.redirect(started.location, 302);
          }
          clearLoginStateCookie(reply, config);
          const finished = await finishLogin(world, relyingParty, {
            code: query.code,
            state: query.state,
            iss: query.iss,
            clientId: query.client_id,
            error: query.error,
            browserState: request.cookies[loginStateCookie],
            userAgent: request.headers['user-agent'],
          });
          setSessionCookie(reply, config, finished.token);
          return reply.redirect(finished.returnTo, 302);
        } catch (error) {
          if (!(error instanceof LoginError)) throw error;
          // Never the code, state or tokens: only why.
          request.log.warn(
            { code: 'LOGIN_FAILED', reason: error.reason, detail: error.message },
            'sign-in failed',
          );
          return reply.redirect(failurePage(error.reason), 302);
        }
      },
    }),
    defineRoute({
      operationId: 'logout',
      status: 204,
      async handler({ world, request, reply }) {
        const token = request.cookies[config.session.cookieName];
        if (token) await destroySession(world, token);
        clearSessionCookie(reply, config);
        return undefined;
      },
    }),
  ];
}
