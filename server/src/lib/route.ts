import type { operations } from '@portal/contract/schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { World } from '../world.ts';
import { unauthenticated } from './app-error.ts';
import type { Lifecycle } from './lifecycle.ts';
import type { MaybePromise } from './maybe-promise.ts';

/** Route handlers are typed by the contract: params, query, body and answers come from openapi.yaml. */
export type OperationId = keyof operations;
export type Role = 'user' | 'agent' | 'admin';

type Op<K extends OperationId> = operations[K];
type Clean<T> = [T] extends [undefined]
  ? Record<string, never>
  : [T] extends [never]
    ? Record<string, never>
    : T;

export type PathParams<K extends OperationId> =
  Op<K> extends { parameters: { path?: infer P } } ? Clean<NonNullable<P>> : Record<string, never>;
export type QueryParams<K extends OperationId> =
  Op<K> extends { parameters: { query?: infer Q } } ? Clean<NonNullable<Q>> : Record<string, never>;
export type JsonBody<K extends OperationId> =
  Op<K> extends {
    requestBody?: { content: { 'application/json': infer B } };
  }
    ? B
    : undefined;

type Responses<K extends OperationId> = Op<K>['responses'];
type SuccessStatus = 200 | 201;
/** The JSON body of the operation's 200/201 answer, or void where it has none. */
export type Answer<K extends OperationId> = {
  [S in keyof Responses<K> & SuccessStatus]: Responses<K>[S] extends {
    content: { 'application/json': infer R };
  }
    ? R
    : undefined;
}[keyof Responses<K> & SuccessStatus];

export interface AuthenticatedUser {
  id: string;
  email: string;
  role: Role;
  sessionId: string | null;
}

export interface RouteContext<K extends OperationId> {
  request: FastifyRequest;
  reply: FastifyReply;
  params: PathParams<K>;
  query: QueryParams<K>;
  body: JsonBody<K>;
  /** Present on every operation the contract secures; null only on public ones. */
  user: AuthenticatedUser | null;
  /** The world the request works in (the app's, or a sandbox): hand it to the services. */
  world: World;
}

/**
 * What a route module is built from: the app's settings, for what is fixed at start (rate limits).
 * Never a world: a handler takes its request's world from the context.
 */
export interface RouteSetup {
  config: Config;
  /** Where the server is in its life (readiness). */
  lifecycle: Lifecycle;
}

/** A per-route limit of @fastify/rate-limit (one mechanism for every limit, one `Retry-After` path). */
export interface RouteRateLimit {
  max: number;
  timeWindow: number;
  keyGenerator?(request: FastifyRequest): string;
  /** The message of the `429 RATE_LIMITED` answer. */
  message: string;
}

export interface RouteDefinition<K extends OperationId> {
  operationId: K;
  /** Roles allowed to call; omit for any signed-in role. Public operations have no security in the contract. */
  roles?: readonly Role[];
  /** Status of a successful answer when it is not 200. */
  status?: 201 | 204 | 302;
  /** The body is streamed (multipart) and validated by the handler, not by Ajv. */
  rawBody?: boolean;
  /** Per-route limit of @fastify/rate-limit; `keyGenerator` runs after the caller is authenticated. */
  rateLimit?: RouteRateLimit;
  handler(ctx: RouteContext<K>): MaybePromise<Answer<K> | FastifyReply | undefined>;
}

// biome-ignore lint/suspicious/noExplicitAny: a heterogeneous registry of definitions, each typed at its declaration
export type AnyRouteDefinition = RouteDefinition<any>;

export function defineRoute<K extends OperationId>(definition: RouteDefinition<K>): RouteDefinition<K> {
  return definition;
}

/**
 * The caller of a secured operation. The contract plugin has already answered 401 when there is none;
 * this keeps the handlers free of non-null assertions, and says 401 too should one be reached anyway.
 */
export function callerOf(user: AuthenticatedUser | null): AuthenticatedUser {
  if (!user) throw unauthenticated();
  return user;
}
