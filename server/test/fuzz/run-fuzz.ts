import { randomUUID } from 'node:crypto';
import { createAnswerChecker } from '@portal/contract/answers';
import { generateCases, type RequestCase, strayCases } from '@portal/contract/cases';
import { loadContract } from '@portal/contract/document';
import { PERSONAS } from '../../src/simulator/scenarios/demo-people.ts';
import type { TestApp } from '../app.ts';

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
  findings: FuzzFinding[];
}

export interface FuzzOptions {
  /** Persona emails to call as (anonymous is always included). */
  personas?: readonly string[];
  /** Only these operations. */
  operationIds?: readonly string[];
  /** Parameter values per pass (see `seededParameters`); one pass with the contract's examples when absent. */
  parameterSets?: ReadonlyArray<Record<string, string>>;
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

/**
 * Sends every generated case as every persona and anonymously through `app.inject`, and checks each
 * answer against the contract: declared status, valid body, envelope on every error, no 5xx.
 */
export async function runFuzz(t: TestApp, options: FuzzOptions = {}): Promise<FuzzReport> {
  const document = loadContract(t.config.openapiPath);
  const check = createAnswerChecker(document);
  const report: FuzzReport = { requests: 0, serverErrors: 0, outsideContract: 0, findings: [] };
  const callers: Array<[string, Record<string, string>]> = [
    ['anonymous', {}],
    ...(options.personas ?? allPersonas).map((email): [string, Record<string, string>] => [
      email,
      { 'x-user-id': email },
    ]),
  ];
  for (const [who, headers] of callers) {
    const cases: Array<
      Pick<RequestCase, 'method' | 'url' | 'headers' | 'body' | 'variant'> & {
        operationId: string | null;
        kind?: RequestCase['kind'];
      }
    > = [
      ...(options.parameterSets ?? [{}]).flatMap((parameters) =>
        generateCases(document, { headers, parameters, bodies, operationIds: options.operationIds }),
      ),
      ...strayCases({ headers }).map((stray) => ({ ...stray, operationId: null })),
    ];
    for (const request of cases) {
      // A fresh Idempotency-Key per valid-looking call, so calls are not replays of one another.
      const headers = { ...request.headers };
      if (headers['idempotency-key'] && request.variant === 'valid')
        headers['idempotency-key'] = randomUUID();
      const response = await t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers,
        ...(request.body !== undefined ? { payload: request.body } : {}),
      });
      report.requests++;
      const problems = check({
        operationId: request.operationId,
        status: response.statusCode,
        contentType: String(response.headers['content-type'] ?? ''),
        body: response.body,
        headers: response.headers,
      });
      if (request.kind === 'invalid' && response.statusCode < 300) {
        problems.push('an invalid request succeeded');
      }
      if (response.statusCode >= 500) {
        report.serverErrors++;
        problems.push(`answered ${response.statusCode}`);
      }
      if (problems.length > 0) {
        report.outsideContract++;
        report.findings.push({
          who,
          operationId: request.operationId,
          method: request.method,
          url: request.url.slice(0, 120),
          variant: request.variant,
          status: response.statusCode,
          problems,
          body: response.body.slice(0, 300),
        });
      }
      if (
        request.operationId &&
        simulationSideEffects.has(request.operationId) &&
        response.statusCode < 300
      ) {
        await t.prisma.fault.deleteMany();
        t.clock.setSpeed(1);
      }
    }
  }
  return report;
}
