import { generateCases } from '@portal/contract/cases';
import type { ContractDocument } from '@portal/contract/document';
import type { Expectation } from './answer-checks.ts';
import { exampleRequest, type Operation, type Parameter, type RequestSpec } from './contract-operations.ts';
import type { RawRequest } from './http-client.ts';
import { outsiderOf, type Persona, unknownId } from './personas.ts';
import { plan } from './plan.ts';
import { mergeRequest, type Prepare } from './plan-types.ts';

// Every case the kit runs for one operation: its example (a real call that must succeed), each
// documented error produced on purpose, and another tenant's attempt on the example's ids.

export type CaseKind = 'example' | 'error' | 'invalid' | 'authorisation' | 'fault';

export interface OperationCase {
  operationId: string;
  kind: CaseKind;
  name: string;
  persona?: Persona;
  request: RequestSpec;
  /** An already encoded request (the contract's generated invalid variants), sent instead of `request`. */
  sent?: RawRequest;
  prepare?: Prepare;
  repeatBefore?: number;
  /** Make the server fail this operation once through the simulator before calling it. */
  injectFault?: { status: number; code: string };
  expect: Expectation;
}

const isIdParameter = (parameter: Parameter) =>
  parameter.in === 'path' && (parameter.schemaRef ?? '').endsWith('/Id');

export function casesFor(document: ContractDocument, operation: Operation): OperationCase[] {
  const entry = plan[operation.operationId] ?? {};
  const declares = (status: number) => operation.statuses.includes(String(status));
  const example = mergeRequest(exampleRequest(operation), entry.request);
  const success = entry.expect ?? Number(operation.statuses.find((s) => /^[23]\d\d$/.test(s)) ?? 200);
  const base = { operationId: operation.operationId, request: example, prepare: entry.prepare };
  const cases: OperationCase[] = [
    { ...base, kind: 'example', name: 'example', persona: entry.persona, expect: { status: success } },
  ];

  // Sign-in, role and fault checks come before any lookup: they need no prepared objects.
  const unprepared = { ...base, prepare: undefined };
  if (operation.secured && declares(401)) {
    cases.push({
      ...unprepared,
      kind: 'error',
      name: 'nobody signed in',
      persona: undefined,
      expect: { status: 401, code: 'UNAUTHENTICATED' },
    });
  }
  const outsider = entry.outsider ?? (entry.persona && outsiderOf[entry.persona]);
  if (declares(403) && outsider && !entry.anyRole) {
    cases.push({
      ...unprepared,
      kind: 'error',
      name: `another role (${outsider})`,
      persona: outsider,
      expect: { status: 403 },
    });
  }
  const idParameter = operation.parameters.find(isIdParameter);
  if (declares(404) && idParameter) {
    cases.push({
      ...unprepared,
      kind: 'error',
      name: `unknown ${idParameter.name}`,
      persona: entry.persona,
      request: mergeRequest(example, { params: { [idParameter.name]: unknownId } }),
      expect: { status: 404 },
    });
  }
  if (entry.foreign) {
    cases.push({
      ...base,
      kind: 'authorisation',
      name: `another tenant (${entry.foreign}) on the example's ids`,
      persona: entry.foreign,
      expect: { status: [403, 404] },
    });
  }
  for (const error of entry.errors ?? []) {
    cases.push({
      operationId: operation.operationId,
      kind: error.injectFault ? 'fault' : 'error',
      name: error.name,
      persona: error.persona === null ? undefined : (error.persona ?? entry.persona),
      request: mergeRequest(example, error.request),
      prepare: error.prepare,
      repeatBefore: error.repeatBefore,
      injectFault: error.injectFault,
      expect: { status: error.status, code: error.code },
    });
  }
  // An unexpected failure, and a database that cannot be reached (stopping the target's database is
  // out of reach): faults the simulator injects, where the operation declares the status.
  const faults = [
    [500, 'INTERNAL_ERROR', 'unexpected failure (injected fault)'],
    [503, 'SERVICE_UNAVAILABLE', 'database unavailable (injected fault)'],
  ] as const;
  for (const [status, code, name] of faults) {
    if (!declares(status) || entry.unreachable?.[String(status)]) continue;
    cases.push({
      ...unprepared,
      kind: 'fault',
      name,
      persona: entry.persona,
      injectFault: { status, code },
      expect: { status, code },
    });
  }
  return [...cases, ...invalidCases(document, operation, entry.persona)];
}

/**
 * The invalid variants @portal/contract/cases derives from the schemas (missing, wrong type, out of
 * range, unknown property, wrong content type...), sent as the operation's persona: each must be
 * refused with a 4xx the operation declares (or redirected, where it declares a 3xx), in the envelope.
 */
function invalidCases(
  document: ContractDocument,
  operation: Operation,
  persona: Persona | undefined,
): OperationCase[] {
  // Refused (4xx) or sent elsewhere (a sign-in redirect), never accepted and never a failure.
  const refusals = operation.statuses.filter((s) => /^[34]\d\d$/.test(s)).map(Number);
  return generateCases(document, { operationIds: [operation.operationId] })
    .filter((c) => c.kind === 'invalid')
    .map((c) => ({
      operationId: operation.operationId,
      kind: 'invalid' as const,
      name: c.variant,
      persona,
      request: { params: {}, query: {}, headers: {} },
      sent: { method: c.method, url: c.url, headers: c.headers, body: c.body },
      expect: { status: refusals },
    }));
}

/**
 * Statuses a call gets from its connection, or from a proxy in front, rather than from its data or caller:
 * no case produces them on demand against a target whose time limits are unknown (the server's fuzz
 * suite and proxy tests do).
 */
const transportStatuses: Record<string, string> = {
  '408': "a body that stalls past the target's request time limit",
  '502':
    "the reference server's validating proxy answers it when its back end cannot be reached, not a back end itself",
  '504':
    "the reference server's validating proxy answers it when its back end stays silent, not a back end itself",
};

/** Statuses an operation declares that none of its cases produces, with the plan's reason if any. */
export function uncoveredStatuses(
  operation: Operation,
  cases: OperationCase[],
): Array<{ status: string; why?: string }> {
  const produced = new Set(
    cases.flatMap((c) => (Array.isArray(c.expect.status) ? c.expect.status : [c.expect.status])).map(String),
  );
  const unreachable = plan[operation.operationId]?.unreachable ?? {};
  return operation.statuses
    .filter((status) => !produced.has(status) && status !== 'default')
    .map((status) => ({ status, why: unreachable[status] ?? transportStatuses[status] }));
}
