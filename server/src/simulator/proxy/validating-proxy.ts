import { Readable } from 'node:stream';
import type { ContractDocument } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { MaybePromise } from '../../lib/maybe-promise.ts';
import type { ProxyConfig } from '../../proxy-config.ts';
import { createDriftChecker, type Drift, type DriftLog } from './contract-drift.ts';
import { renderDriftPage } from './drift-page.ts';

// PROXY_TARGET: the reference server forwards the contract's operations to a real back end, checks
// every request and answer against the contract (drift goes to the log, listContractDrift and
// /proxy/drift), and with PROXY_FALLBACK answers from the simulation instead. The rules are in
// docs/decisions/0021-validating-proxy-fallback.md.

declare module 'fastify' {
  interface FastifyRequest {
    /** The request body, read once to forward it; replayed to the simulation on a fallback. */
    proxiedBody?: Buffer;
  }
}

export interface ValidatingProxyOptions {
  proxy: ProxyConfig;
  document: ContractDocument;
  driftLog: DriftLog;
  /** Simulator pages are for signed-in callers outside production, like the simulator operations. */
  simulationEnabled: boolean;
  authenticate(request: FastifyRequest): MaybePromise<unknown>;
  /** PROXY_FALLBACK_AS: signs the persona in for a fallback answer when the caller has no identity here. */
  fallbackIdentity?(request: FastifyRequest): Promise<void>;
}

/** Headers that belong to one connection, not to the message (RFC 9110 §7.6.1), or that fetch recomputes. */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
  'host',
  'content-length',
  'accept-encoding',
  'content-encoding',
]);

/** fetch says only "fetch failed"; the cause names the refused connection or the malformed answer. */
const reasonOf = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
};

const readBody = async (stream: NodeJS.ReadableStream): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

/**
 * "Not implemented": 501, or a 404/405 that is not one of the operation's own errors (a router that
 * does not know the path answers 404 without the envelope or with a code the operation never lists).
 */
export function notImplemented(status: number, body: Buffer, errorCodes: Set<string>): boolean {
  if (status === 501) return true;
  if (status !== 404 && status !== 405) return false;
  try {
    const code = (JSON.parse(body.toString('utf8')) as { errors?: Array<{ code?: unknown }> }).errors?.[0]
      ?.code;
    return typeof code !== 'string' || !errorCodes.has(code) || code === 'NOT_FOUND';
  } catch {
    return true;
  }
}

async function validatingProxy(app: FastifyInstance, options: ValidatingProxyOptions): Promise<void> {
  const { proxy, document, driftLog } = options;
  if (options.simulationEnabled) {
    app.get('/proxy/drift', async (request, reply) => {
      if (!(await options.authenticate(request))) {
        return reply
          .code(401)
          .type('text/html')
          .send('<!doctype html><title>Sign in</title><p>Sign in to see the contract drift.</p>');
      }
      return reply
        .type('text/html; charset=utf-8')
        .send(renderDriftPage(proxy, driftLog.list(), driftLog.fallbacks()));
    });
  }
  const target = proxy.target;
  if (!target) return;
  const index = indexOperations(document);
  // The simulator's operations and the server's own health and configuration are never forwarded.
  const answeredHere = new Set(
    [...index.tagged('simulation'), ...index.tagged('meta')].map((operation) => operation.operationId),
  );
  const errorCodes = new Map(
    index.operations.map((operation) => [operation.operationId, new Set(operation.errorCodes ?? [])]),
  );
  const checkDrift = createDriftChecker(document);

  const answerFromSimulation = async (request: FastifyRequest, operationId: string, reason: string) => {
    request.log.info({ operationId, reason }, 'answered by the simulation');
    driftLog.fellBack(operationId, reason);
    await options.fallbackIdentity?.(request);
  };

  /** The proxy's own answer when the back end gives none: the envelope, or no body on HEAD. */
  const proxyError = (reply: FastifyReply, status: 502 | 504, code: string, message: string) => {
    reply.code(status).header('x-portal-source', 'proxy');
    return reply.request.method === 'HEAD' ? reply.send() : reply.send({ errors: [{ code, message }] });
  };

  app.addHook('onRequest', async (request, reply) => {
    const operationId = request.routeOptions.config?.operationId;
    if (!operationId || answeredHere.has(operationId)) return;
    reply.header('x-portal-source', 'simulation');
    if (proxy.fallback.operations.includes(operationId))
      return answerFromSimulation(request, operationId, 'PROXY_FALLBACK');

    const body = await readBody(request.raw);
    request.proxiedBody = body;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!hopByHop.has(name) && value !== undefined)
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    headers['x-forwarded-host'] = request.headers.host ?? '';
    const exchange = {
      operationId,
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      params: request.params as Record<string, unknown>,
      query: request.query as Record<string, unknown>,
      requestBody: body,
      requestContentType: String(request.headers['content-type'] ?? ''),
    };
    let answer: Response;
    let responseBody: Buffer;
    // One deadline for the whole call (answer and body): a back end that accepts and stays silent
    // must not hold the caller.
    const deadline = AbortSignal.timeout(proxy.timeoutMs);
    try {
      answer = await fetch(new URL(request.url, target), {
        method: request.method,
        headers,
        body: ['GET', 'HEAD'].includes(request.method) ? undefined : body,
        redirect: 'manual',
        signal: deadline,
      });
      responseBody = Buffer.from(await answer.arrayBuffer());
    } catch (error) {
      const timedOut = deadline.aborted;
      const drift: Drift = {
        at: new Date().toISOString(),
        operationId,
        method: exchange.method,
        path: exchange.path,
        direction: 'response',
        status: 0,
        pointer: '/status',
        message: timedOut
          ? `the back end did not answer within ${proxy.timeoutMs} ms (PROXY_TIMEOUT_MS)`
          : `the back end could not be reached or gave no valid HTTP answer: ${reasonOf(error)}`,
      };
      driftLog.add([drift]);
      request.log.warn({ drift }, 'contract drift');
      if (proxy.fallback.unimplemented)
        return answerFromSimulation(
          request,
          operationId,
          timedOut ? 'the back end did not answer in time' : 'the back end could not be reached',
        );
      return timedOut
        ? proxyError(reply, 504, 'GATEWAY_TIMEOUT', 'The back end did not answer in time.')
        : proxyError(reply, 502, 'BAD_GATEWAY', 'The back end could not be reached.');
    }
    const drifts = checkDrift({
      ...exchange,
      status: answer.status,
      responseContentType: answer.headers.get('content-type') ?? '',
      responseHeaders: answer.headers,
      responseBody,
    });
    for (const drift of drifts) {
      request.log.warn(
        {
          drift: {
            operationId,
            direction: drift.direction,
            pointer: drift.pointer,
            value: drift.value,
            message: drift.message,
          },
        },
        'contract drift',
      );
    }
    const fallback =
      proxy.fallback.unimplemented &&
      notImplemented(answer.status, responseBody, errorCodes.get(operationId) ?? new Set());
    // A missing operation is what the fallback is for, not drift to report.
    driftLog.add(fallback ? drifts.filter((drift) => drift.direction === 'request') : drifts);
    if (fallback) return answerFromSimulation(request, operationId, `the back end answered ${answer.status}`);

    reply.code(answer.status).header('x-portal-source', 'backend');
    answer.headers.forEach((value, name) => {
      if (!hopByHop.has(name) && name !== 'set-cookie') reply.header(name, value);
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return reply.send(responseBody);
  });

  // On a fallback the body was already read to forward it: hand the same bytes to the simulation.
  app.addHook('preParsing', async (request, _reply, payload) =>
    request.proxiedBody ? Readable.from(request.proxiedBody) : payload,
  );
}

export const validatingProxyPlugin = fp(validatingProxy, { name: 'validating-proxy', fastify: '5.x' });
