/**
 * A typed client of the contract over openapi-fetch: every path, parameter, body and answer typed
 * from openapi.yaml. It names the caller the way the back end asks for: a session cookie, a bearer
 * token, or (a reference server in `test` mode on a loopback address) the `X-User-Id` persona; and it
 * can work in one simulator sandbox (`X-Sandbox`). State-changing calls carry the back end's own
 * `Origin`, as a page of the portal would, unless another origin is given.
 */
import createFetchClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema.ts';

export type PortalClient = Client<paths>;

export interface PortalClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where the back end answers, e.g. `http://localhost:3000` (a path prefix is kept). */
  baseUrl: string;
  /** Test mode only: the persona (a user's id or email) sent as `X-User-Id`. */
  persona?: string;
  /** A bearer token sent as `Authorization` (a back end that signs callers in with tokens). */
  bearer?: string;
  /** `name=value; ...` cookies sent on every call, such as the `portal_session` of a signed-in browser. */
  cookie?: string;
  /** The simulator sandbox every call works in (`X-Sandbox`). */
  sandbox?: string;
  /** The `Origin` of every call; by default the back end's own origin. `null` sends none. */
  origin?: string | null;
}

/** A typed client of one back end; its headers apply to every call (a call's own headers win). */
export function createPortalClient(options: PortalClientOptions): PortalClient {
  const { baseUrl, persona, bearer, cookie, sandbox, origin, headers, ...rest } = options;
  const target = new URL(baseUrl);
  const fixed: Record<string, string> = {};
  if (persona) fixed['x-user-id'] = persona;
  if (bearer) fixed.authorization = `Bearer ${bearer}`;
  if (cookie) fixed.cookie = cookie;
  if (sandbox) fixed['x-sandbox'] = sandbox;
  const sentOrigin = origin === undefined ? target.origin : origin;
  if (sentOrigin) fixed.origin = sentOrigin;
  const client = createFetchClient<paths>({
    ...rest,
    baseUrl: target.href.replace(/\/$/, ''),
    headers: { ...fixed, ...(headers as Record<string, string> | undefined) },
  });
  return client;
}
