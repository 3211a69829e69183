import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.ts';

const secure = (config: Config) => config.publicUrl.startsWith('https:');

/** HttpOnly and SameSite=Lax: scripts cannot read it and cross-site subrequests do not carry it. */
export function sessionCookieOptions(config: Config): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secure(config),
    maxAge: config.session.absoluteHours * 3600,
  };
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(config.session.cookieName, token, sessionCookieOptions(config));
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  const { maxAge: _maxAge, ...options } = sessionCookieOptions(config);
  reply.clearCookie(config.session.cookieName, options);
}

/**
 * Binds a sign-in to the browser that started it: the callback must come back with the same state
 * as this cookie, so a callback link planted by someone else (login CSRF) fails.
 */
export const loginStateCookie = 'portal_login_state';
const loginStatePath = '/api/v1/login';

export function setLoginStateCookie(
  reply: FastifyReply,
  config: Config,
  state: string,
  maxAgeSeconds: number,
): void {
  reply.setCookie(loginStateCookie, state, {
    httpOnly: true,
    sameSite: 'lax',
    path: loginStatePath,
    secure: secure(config),
    maxAge: maxAgeSeconds,
  });
}

export function clearLoginStateCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(loginStateCookie, {
    httpOnly: true,
    sameSite: 'lax',
    path: loginStatePath,
    secure: secure(config),
  });
}
