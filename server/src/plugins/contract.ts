import type { ContractDocument } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import { createResponseValidator } from '@portal/contract/validation';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import type { RequestCompilers } from '../lib/contract-validation.ts';
import {
  checkedBytes,
  checkedListBytes,
  type ItemChecks,
  isFrozenAnswer,
  rememberChecked,
} from '../lib/frozen-answers.ts';
import type { MaybePromise } from '../lib/maybe-promise.ts';
import { declaredBody, requestBodyGuard } from '../lib/request-body.ts';
import type { AnyRouteDefinition, AuthenticatedUser, OperationId } from '../lib/route.ts';
import { contractRoutes } from './contract-routes.ts';
import { acceptsIdempotencyKey, type Idempotency } from './idempotency.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
  interface FastifyContextConfig {
    operationId?: string;
  }
}

export interface ContractPluginOptions {
  document: ContractDocument;
  routes: readonly AnyRouteDefinition[];
  /** Resolves the caller from the request (session cookie, or X-User-Id in development mode). */
  authenticate(request: FastifyRequest): MaybePromise<AuthenticatedUser | null>;
  /**
   * Runs before every contract operation's handler, e.g. for simulated faults; answers undefined
   * instead of a promise when there is nothing to wait for (no promise on the hot path).
   */
  beforeOperation?(request: FastifyRequest, operationId: string): Promise<void> | undefined;
  /** Registers what the routes that read their own body need (the multipart reader), in their scope. */
  bodyReaders?(scope: FastifyInstance): Promise<void>;
  /** Replays answers of the operations that take an `Idempotency-Key` (the app always passes it). */
  idempotency?: Idempotency;
  validateResponses: boolean;
  /** Builds the routes' request validators and answer serialisers (lib/contract-validation.ts). */
  compilers: RequestCompilers;
  /** Answer 500 when a response breaks the contract (tests); otherwise only log it. */
  strictResponses: boolean;
}

const jsonType = 'application/json; charset=utf-8';

/** The keywords a plain list's schema may have: what it says of its items and its length, and notes. */
const PLAIN_LIST_KEYWORDS = new Set([
  'type',
  'items',
  'minItems',
  'maxItems',
  'description',
  'title',
  'example',
  'examples',
]);

/**
 * Item-by-item checks of a response schema that is a plain list (an array of `items`, at most its length
 * bounded): a list is then valid exactly when its length is in bounds and each item is valid as the only
 * item of a list (a one-item list passes the bounds when `minItems` ≤ 1), and its JSON is its items'
 * JSON, each as the list's own serialiser writes a one-item list, joined by commas in brackets.
 */
export function listItemChecks(
  schema: Record<string, unknown> | undefined,
  list: { check(item: object): boolean; serialize: ((list: unknown) => string) | undefined },
): ItemChecks | null {
  if (schema?.type !== 'array' || typeof schema.items !== 'object' || !list.serialize) return null;
  if (!Object.keys(schema).every((keyword) => PLAIN_LIST_KEYWORDS.has(keyword) || keyword.startsWith('x-')))
    return null;
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
  if (minItems > 1) return null;
  const serialize = list.serialize;
  return {
    minItems,
    maxItems,
    check: list.check,
    serialize: (item) => serialize([item]).slice(1, -1),
  };
}
const roleNames = { user: 'data owners', agent: 'companies', admin: 'administrators' } as const;

async function contract(app: FastifyInstance, options: ContractPluginOptions): Promise<void> {
  const { document, routes } = options;
  const operations = indexOperations(document);
  const byId = new Map<string, AnyRouteDefinition>(routes.map((route) => [route.operationId, route]));
  for (const route of routes) {
    if (!operations.has(route.operationId))
      throw new Error(`Route for unknown operation ${route.operationId}`);
  }

  const { compilers } = options;
  const validateResponse = options.validateResponses ? createResponseValidator(document) : null;
  app.decorateRequest('user', null);

  const operationResolver = (operationId: string) => {
    const operation = operations.get(operationId);
    const route = byId.get(operationId);
    if (!operation) throw new Error(`Unknown operation ${operationId}`);
    // One hook for the caller and the simulated faults, which every operation runs: a hook fewer and a
    // promise fewer per request (decision 0034). Faults come after the caller, as two hooks did. A
    // callback hook: a caller known at once (a session read from memory) and no fault armed take no
    // promise and no microtask (decision 0150).
    const faultsThen = (request: FastifyRequest, done: (error?: Error) => void) => {
      const fault = options.beforeOperation?.(request, operationId);
      if (fault) fault.then(() => done(), done);
      else done();
    };
    const callerThen = (
      request: FastifyRequest,
      user: AuthenticatedUser | null,
      done: (error?: Error) => void,
    ) => {
      if (!user) return done(new AppError(401, 'UNAUTHENTICATED', 'You need to sign in to do this.'));
      if (route?.roles && !route.roles.includes(user.role)) {
        const allowed = route.roles.map((role: keyof typeof roleNames) => roleNames[role]).join(' or ');
        return done(new AppError(403, 'FORBIDDEN', `This action is only available to ${allowed}.`));
      }
      request.user = user;
      faultsThen(request, done);
    };
    const beforeHandler: onRequestHookHandler = (request, _reply, done) => {
      if (!operation.secured) return faultsThen(request, done);
      const user = options.authenticate(request);
      if (user instanceof Promise) {
        user.then((found) => {
          try {
            callerThen(request, found, done);
          } catch (error) {
            done(error as Error);
          }
        }, done);
      } else callerThen(request, user, done);
    };
    /**
     * Per status, how a list answer is checked item by item (decision 0173), or null when its schema is
     * not a plain list: an array whose only constraints are its items and its length.
     */
    const itemChecksByStatus = new Map<number, ItemChecks | null>();
    const itemChecks = (reply: FastifyReply): ItemChecks | null => {
      const status = reply.statusCode;
      let checks = itemChecksByStatus.get(status);
      if (checks === undefined) {
        checks = listItemChecks(operation.responses[String(status)]?.content['application/json']?.schema, {
          check: (item) => validateResponse?.(operationId, status, [item]) === null,
          serialize: reply.getSerializationFunction(String(status), 'application/json') as
            | ((list: unknown) => string)
            | undefined,
        });
        itemChecksByStatus.set(status, checks);
      }
      return checks;
    };
    /** Sends the route's answer: checked against the contract, a frozen one serialised once. */
    const respond = (request: FastifyRequest, reply: FastifyReply, answer: unknown): void => {
      if (answer === reply || reply.sent) return;
      if (route?.status) reply.code(route.status);
      if (route?.status === 204) {
        reply.send();
        return;
      }
      if (validateResponse) {
        // A frozen answer built from unchanged rows was checked and serialised when it was built.
        const operationStatus = `${operationId} ${reply.statusCode}`;
        const known = checkedBytes(answer, operationStatus);
        if (known !== undefined) {
          reply.type(jsonType).send(known);
          return;
        }
        // A list made of remembered items: only the items not checked before are (decision 0173).
        const checks = Array.isArray(answer) ? itemChecks(reply) : null;
        const listBytes = checks ? checkedListBytes(answer, operationStatus, checks) : undefined;
        if (listBytes !== undefined) {
          reply.type(jsonType).send(listBytes);
          return;
        }
        const problem = validateResponse(operationId, reply.statusCode, answer);
        if (problem) {
          request.log.error({ operationId, problem }, 'response does not match the contract');
          if (options.strictResponses)
            throw new Error(`Response of ${operationId} breaks the contract: ${problem}`);
        } else if (isFrozenAnswer(answer)) {
          // The serialiser Fastify would use for this status (fast-json-stringify from the contract).
          const serialize = reply.getSerializationFunction(String(reply.statusCode), 'application/json');
          const text = serialize ? serialize(answer as Record<string, unknown>) : JSON.stringify(answer);
          reply.type(jsonType).send(rememberChecked(answer, operationStatus, text));
          return;
        }
      }
      reply.send(answer);
    };
    const routeConfig: FastifyContextConfig = { operationId };
    // Per-route limits are read by @fastify/rate-limit from the route's config.
    if (route?.rateLimit) {
      const { message, ...limit } = route.rateLimit;
      // The plugin sets `Retry-After` (and the X-RateLimit headers), then throws this error.
      routeConfig.rateLimit = {
        ...limit,
        errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', message),
      };
    }
    return {
      config: routeConfig,
      onRequest: [beforeHandler],
      preParsing: [requestBodyGuard(declaredBody(operation))],
      ...(options.idempotency && acceptsIdempotencyKey(operation)
        ? {
            preHandler: [options.idempotency.preHandler],
            onSend: [options.idempotency.onSend],
            onResponse: [options.idempotency.onResponse],
          }
        : {}),
      ...(route?.rawBody ? { validatorCompiler: compilers.passThroughBody } : {}),
      // Not async: an answer the route has at once (a remembered read on SQLite) is sent in the same
      // turn, without a promise; a promise is sent when it settles (decision 0150).
      handler: (request: FastifyRequest, reply: FastifyReply) => {
        if (!route) throw new AppError(404, 'NOT_FOUND', `${operationId} is not available on this server.`);
        const answer = route.handler({
          request,
          reply,
          // Already validated against the contract by Ajv, so the contract's types hold.
          params: request.params as never,
          query: request.query as never,
          body: request.body as never,
          user: request.user,
          world: request.world,
        });
        // Settled with the reply, as an async handler that sent it returns it (Fastify then sends nothing).
        if (answer instanceof Promise)
          return answer.then((value) => {
            respond(request, reply, value);
            return reply;
          });
        respond(request, reply, answer);
        return undefined;
      },
      // Merged into the route built from the contract (method, url and schema come from the contract).
    } as unknown as Omit<RouteOptions, 'method' | 'url'>;
  };

  // The routes that read their own body (multipart uploads) in a scope of their own, with what reads it
  // (`bodyReaders`): its hooks then run for them only, not for every request (decision 0150).
  const readsOwnBody = (operationId: string) => byId.get(operationId)?.rawBody === true;
  const all = contractRoutes(document);
  const scoped = (list: typeof all, prepare?: (scope: FastifyInstance) => Promise<void>) =>
    app.register(async (scope) => {
      await prepare?.(scope);
      scope.setValidatorCompiler(compilers.compile);
      scope.setSerializerCompiler(compilers.serialize);
      for (const { method, url, operationId, schema } of list) {
        scope.route({ method, url, schema, ...operationResolver(operationId) });
      }
    });
  await scoped(all.filter((route) => !readsOwnBody(route.operationId)));
  await scoped(
    all.filter((route) => readsOwnBody(route.operationId)),
    options.bodyReaders,
  );

  const missing = operations.operations
    .map((operation) => operation.operationId)
    .filter((id) => !byId.has(id as OperationId));
  if (missing.length > 0) app.log.warn({ missing }, 'operations in openapi.yaml without a handler');
}

export const contractPlugin = fp(contract, {
  name: 'contract',
  fastify: '5.x',
  dependencies: ['error-envelope'],
});
