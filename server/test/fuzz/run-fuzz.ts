import { randomUUID } from 'node:crypto';
import { createAnswerChecker } from '@portal/contract/answers';
import {
  generateCases,
  malformedHttpCases,
  type RequestCase,
  rawRequest,
  strayCases,
  urlFormCases,
} from '@portal/contract/cases';
import { loadContract } from '@portal/contract/document';
import { PERSONAS } from '../../src/simulator/scenarios/demo-people.ts';
import type { TestApp } from '../app.ts';
import { isFailure, keptAliveClient, type RawDelivery, sendRaw, type WireResult } from '../wire.ts';

export interface FuzzFinding {
  who: string;
  operationId: string | null;
  method: string;
  url: string;
  variant: string;
  status: number;
  problems: string[];
  body: string;
}

export interface FuzzReport {
  requests: number;
  serverErrors: number;
  outsideContract: number;
  /** Requests that got no answer: a reset or silent connection (after a refusal, when reused). */
  connectionFailures: number;
  findings: FuzzFinding[];
}

export interface FuzzOptions {
  /** Persona emails to call as (anonymous is always included). */
  personas?: readonly string[];
  /** Only these operations. */
  operationIds?: readonly string[];
  /** Parameter values per pass (see `seededParameters`); one pass with the contract's examples when absent. */
  parameterSets?: ReadonlyArray<Record<string, string>>;
  /** Callers that also send every address form (`urlFormCases`); every caller when absent. */
  urlFormCallers?: readonly string[];
  /** The server's limits, for the deliveries that wait them out (test app: HEADERS/REQUEST_TIMEOUT_MS). */
  timeouts: { headersMs: number; requestMs: number };
}

/**
 * Passes over seeded ids, so valid cases reach the handlers' deeper paths (the contract's examples
 * mostly name resources that do not exist): the owner's products, then the owner's invitations.
 */
export const seededParameters: ReadonlyArray<Record<string, string>> = [
  {},
  { id: 'prod-veh-1', termsId: '2025-06', invitationId: 'inv-owner-accepted', filter: 'ALL' },
  { id: 'inv-owner-accepted', invitationId: 'inv-owner-accepted', filter: 'ACTIVE' },
];

export const allPersonas = PERSONAS.map((persona) => persona.email);

/** A reset keeps the personas (the contract's example loads the large fleet, minutes of work per call). */
const bodies = { resetSimulation: { scenario: 'demo' } };

/** Operations whose valid call changes what every later call sees; they are undone after each call. */
const simulationSideEffects = new Set(['injectFault', 'setSimulationClock', 'resetSimulation']);

interface SentCase {
  operationId: string | null;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  variant: string;
  kind?: RequestCase['kind'];
}

/**
 * Sends every generated case as every persona and anonymously over real connections, and checks each
 * answer against the contract: declared status (`x-unmatched` for addresses no operation has), valid
 * body, envelope on every error, no 5xx. Each caller's requests share one kept-alive connection, so a
 * refusal that leaves it broken fails the next request. Then the wire-level cases: malformed HTTP,
 * bodies that stop, trickle or are left half-way, headers that never end.
 */
export async function runFuzz(t: TestApp, options: FuzzOptions): Promise<FuzzReport> {
  const document = loadContract(t.config.openapiPath);
  const check = createAnswerChecker(document);
  const report: FuzzReport = {
    requests: 0,
    serverErrors: 0,
    outsideContract: 0,
    connectionFailures: 0,
    findings: [],
  };

  const judge = (who: string, sent: SentCase, result: WireResult, previous?: string) => {
    report.requests++;
    const finding = (status: number, problems: string[], body = '') => {
      report.outsideContract++;
      report.findings.push({
        who,
        operationId: sent.operationId,
        method: sent.method,
        url: sent.url.slice(0, 120),
        variant: sent.variant,
        status,
        problems,
        body: body.slice(0, 300),
      });
    };
    if (isFailure(result)) {
      report.connectionFailures++;
      const after = result.reused && previous ? ` on a connection reused after ${previous}` : '';
      finding(0, [`no answer (${result.failure})${after}`]);
      return;
    }
    const problems = check({
      operationId: sent.operationId,
      status: result.status,
      contentType: String(result.headers['content-type'] ?? ''),
      body: result.body,
      headers: result.headers,
      method: sent.method,
    });
    if (sent.kind === 'invalid' && result.status < 300) problems.push('an invalid request succeeded');
    if (result.status >= 500) {
      report.serverErrors++;
      problems.push(`answered ${result.status}`);
    }
    if (problems.length > 0) finding(result.status, problems, result.body);
  };

  const callers: Array<[string, Record<string, string>]> = [
    ['anonymous', {}],
    ...(options.personas ?? allPersonas).map((email): [string, Record<string, string>] => [
      email,
      { 'x-user-id': email },
    ]),
  ];
  for (const [who, headers] of callers) {
    const withForms = !options.urlFormCallers || options.urlFormCallers.includes(who);
    const cases: SentCase[] = [
      ...(options.parameterSets ?? [{}]).flatMap((parameters) =>
        generateCases(document, { headers, parameters, bodies, operationIds: options.operationIds }),
      ),
      ...strayCases({ headers }).map((stray) => ({ ...stray, operationId: null })),
      ...(withForms
        ? urlFormCases(document, { headers, bodies, operationIds: options.operationIds }).map((form) => ({
            ...form,
            operationId: null,
            kind: 'invalid' as const,
          }))
        : []),
    ];
    const client = keptAliveClient(t.baseUrl);
    let previous: string | undefined;
    for (const request of cases) {
      // A fresh Idempotency-Key per valid-looking call, so calls are not replays of one another.
      const sent = { ...request, headers: { ...request.headers } };
      if (sent.headers['idempotency-key'] && request.variant === 'valid')
        sent.headers['idempotency-key'] = randomUUID();
      const result = await client.send(sent);
      judge(who, sent, result, previous);
      previous = `${sent.method} ${sent.url.slice(0, 60)} "${sent.variant}"${isFailure(result) ? '' : ` (${result.status})`}`;
      if (
        request.operationId &&
        simulationSideEffects.has(request.operationId) &&
        !isFailure(result) &&
        result.status < 300
      ) {
        await t.prisma.fault.deleteMany();
        t.clock.setSpeed(1);
      }
    }
    client.close();
  }
  await runWireCases(t, options, document, judge);
  return report;
}

type Judge = (who: string, sent: SentCase, result: WireResult) => void;

/**
 * Cases only raw bytes can send, derived from every operation's valid request, each on its own socket
 * and all at once (those that wait out the server's limits take one limit in all, not one each).
 */
async function runWireCases(
  t: TestApp,
  options: FuzzOptions,
  document: ReturnType<typeof loadContract>,
  judge: Judge,
): Promise<void> {
  const { headersMs, requestMs } = options.timeouts;
  // Every answer is due well within this (a refusal at the limit, valid work queued behind others).
  const due = 30_000;
  const callers = (options.personas ?? allPersonas).map((email) => ({
    who: email,
    headers: { 'x-user-id': email },
  }));
  const jobs: Array<Promise<void>> = [];
  const send = (who: string, sent: SentCase, delivery: RawDelivery) =>
    jobs.push(sendRaw(t.baseUrl, delivery, due).then((result) => judge(who, sent, result)));

  for (const malformed of malformedHttpCases(document, { operationIds: options.operationIds })) {
    const [line = ''] = malformed.raw.split('\r\n');
    // Not valid HTTP: a HEAD may get a body (the server may not know the method); it is not judged.
    const [method = '', url = ''] = line.split(' ');
    const head = method.toUpperCase() === 'HEAD';
    send(
      'anonymous',
      { operationId: null, method: head ? 'HEAD' : method, url, headers: {}, variant: malformed.variant },
      { first: malformed.raw, head },
    );
  }

  for (const { who, headers } of callers) {
    for (const request of generateCases(document, { headers, bodies, operationIds: options.operationIds })) {
      if (request.variant !== 'valid') continue;
      const raw = rawRequest(request);
      const head = raw.slice(0, raw.indexOf('\r\n\r\n') + 4);
      if (request.body !== undefined && request.body.length > 1) {
        const half = Math.floor(request.body.length / 2);
        const sent = { ...request, variant: 'body stops half-way' };
        // Nothing more arrives: the request's time limit ends it (408), unless it was refused sooner.
        send(who, sent, { first: head + request.body.slice(0, half) });
        // The whole body, slowly, within the limit: answered as if sent at once.
        const pieces = 8;
        send(
          who,
          {
            ...request,
            variant: 'body trickles in',
            headers: { ...request.headers, 'idempotency-key': randomUUID() },
          },
          {
            first: head,
            trickle: {
              rest: request.body,
              pieceBytes: Math.ceil(request.body.length / pieces),
              pauseMs: Math.floor(requestMs / (4 * pieces)),
            },
          },
        );
        // The client leaves half-way: nothing to judge but the server going on (checked after).
        jobs.push(
          sendRaw(t.baseUrl, { first: head + request.body.slice(0, half), leave: true }, due).then(() => {}),
        );
      }
      if (who === callers[0]?.who) {
        // Headers that never end: the headers' time limit answers (408, x-unmatched).
        const [line = ''] = raw.split('\r\n');
        send(
          'anonymous',
          {
            operationId: null,
            method: request.method,
            url: request.url,
            headers: {},
            variant: 'headers never end',
          },
          {
            first: `${line}\r\nhost: localhost\r\n`,
            trickle: {
              rest: 'x-slow: a\r\n'.repeat(1_000),
              pieceBytes: 10,
              pauseMs: Math.floor(headersMs / 4),
            },
            head: request.method === 'HEAD',
          },
        );
      }
    }
  }
  await Promise.all(jobs);
  // After all of that the server still answers, on a new connection.
  const health = await sendRaw(t.baseUrl, {
    first: rawRequest({ method: 'GET', url: '/api/v1/health', headers: {} }),
  });
  judge(
    'anonymous',
    {
      operationId: 'getHealth',
      method: 'GET',
      url: '/api/v1/health',
      headers: {},
      variant: 'after the wire cases',
    },
    health,
  );
}
