import { createAnswerChecker, createHeaderChecker } from '@portal/contract/answers';
import type { ContractDocument } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import { createRequestAjv, createResponseIssueFinder } from '@portal/contract/validation';
import type { ValidateFunction } from 'ajv';

// Checks one proxied exchange against the contract and describes each departure the way an
// integrator fixes it: the operation, a JSON pointer into the request or answer, the offending
// value and what the contract expects.

export interface Drift {
  at: string;
  operationId: string;
  method: string;
  path: string;
  direction: 'request' | 'response';
  status: number;
  pointer: string;
  value?: unknown;
  message: string;
}

export interface Exchange {
  operationId: string;
  method: string;
  path: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The request body as sent; JSON is parsed when its content type says so. */
  requestBody: Buffer;
  requestContentType: string;
  status: number;
  responseContentType: string;
  /** The back end's answer headers: the ones the status declares are judged too. */
  responseHeaders?: Headers;
  responseBody: Buffer;
}

const valueAt = (root: unknown, pointer: string): unknown =>
  pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (node, part) =>
        (node as Record<string, unknown> | undefined)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')],
      root,
    );

export function createDriftChecker(document: ContractDocument) {
  const { body: bodyAjv, params: paramsAjv } = createRequestAjv();
  bodyAjv.addSchema({ ...document, $id: 'contract' } as object);
  paramsAjv.addSchema({ ...document, $id: 'contract' } as object);
  const checkAnswer = createAnswerChecker(document);
  const findHeaderIssues = createHeaderChecker(document);
  const findIssue = createResponseIssueFinder(document);

  const requestValidators = new Map<
    string,
    { parts: Array<[string, ValidateFunction]>; body: ValidateFunction | null }
  >();
  for (const operation of indexOperations(document).operations) {
    const byLocation: Record<string, { properties: Record<string, object>; required: string[] }> = {};
    for (const parameter of operation.parameters) {
      if (parameter.in !== 'path' && parameter.in !== 'query') continue;
      const location = byLocation[parameter.in] ?? { properties: {}, required: [] };
      byLocation[parameter.in] = location;
      location.properties[parameter.name] = { $ref: `contract${parameter.schemaPointer}` };
      if (parameter.required) location.required.push(parameter.name);
    }
    const jsonBody = operation.requestBody?.content['application/json']?.schemaPointer;
    requestValidators.set(operation.operationId, {
      parts: Object.entries(byLocation).map(([where, schema]) => [
        where,
        paramsAjv.compile({ type: 'object', ...schema }),
      ]),
      body: jsonBody ? bodyAjv.compile({ $ref: `contract${jsonBody}` }) : null,
    });
  }

  const requestDrift = (exchange: Exchange): Array<{ pointer: string; value?: unknown; message: string }> => {
    const validators = requestValidators.get(exchange.operationId);
    if (!validators) return [];
    const found: Array<{ pointer: string; value?: unknown; message: string }> = [];
    for (const [where, validate] of validators.parts) {
      const values = { ...(where === 'path' ? exchange.params : exchange.query) };
      if (!validate(values)) {
        const issue = validate.errors?.[0];
        const pointer = `/${where}${issue?.instancePath ?? ''}`;
        found.push({
          pointer,
          value: valueAt(values, issue?.instancePath ?? ''),
          message: issue?.message ?? 'is invalid',
        });
      }
    }
    if (validators.body && exchange.requestContentType.includes('json') && exchange.requestBody.length > 0) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(exchange.requestBody.toString('utf8'));
      } catch {
        return [...found, { pointer: '/body', message: 'is not valid JSON' }];
      }
      if (!validators.body(parsed)) {
        const issue = validators.body.errors?.[0];
        found.push({
          pointer: `/body${issue?.instancePath ?? ''}`,
          value: valueAt(parsed, issue?.instancePath ?? ''),
          message: issue?.message ?? 'is invalid',
        });
      }
    }
    return found;
  };

  const responseDrift = (
    exchange: Exchange,
  ): Array<{ pointer: string; value?: unknown; message: string }> => {
    const text = exchange.method === 'HEAD' ? '' : exchange.responseBody.toString('utf8');
    const headerDrift = exchange.responseHeaders
      ? findHeaderIssues(exchange.operationId, exchange.status, exchange.responseHeaders).map(
          ({ header, value, message }) => ({ pointer: `/headers/${header}`, value, message }),
        )
      : [];
    const problems = checkAnswer({
      operationId: exchange.operationId,
      status: exchange.status,
      contentType: exchange.responseContentType,
      body: text,
    });
    if (problems.length === 0) return headerDrift;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const issue = parsed === undefined ? null : findIssue(exchange.operationId, exchange.status, parsed);
    if (issue) {
      return [
        { pointer: `/body${issue.pointer}`, value: valueAt(parsed, issue.pointer), message: issue.message },
        ...headerDrift,
      ];
    }
    return [
      ...problems.map((message) =>
        message.includes('not declared')
          ? { pointer: '/status', value: exchange.status, message }
          : { pointer: '/body', message },
      ),
      ...headerDrift,
    ];
  };

  return (exchange: Exchange): Drift[] => {
    const at = new Date().toISOString();
    const common = {
      at,
      operationId: exchange.operationId,
      method: exchange.method,
      path: exchange.path,
      status: exchange.status,
    };
    return [
      ...requestDrift(exchange).map((d) => ({ ...common, direction: 'request' as const, ...d })),
      ...responseDrift(exchange).map((d) => ({ ...common, direction: 'response' as const, ...d })),
    ];
  };
}

/** An operation the simulation answered instead of the back end, and why (the latest reason). */
export interface Fallback {
  operationId: string;
  reason: string;
  count: number;
  /** The latest fallback (real time). */
  at: string;
}

/** The last `size` drifts, newest first, and each operation that fell back to the simulation. */
export function createDriftLog(size = 200) {
  const drifts: Drift[] = [];
  const fallbacks = new Map<string, Fallback>();
  return {
    add(found: Drift[]) {
      drifts.unshift(...found.reverse());
      drifts.length = Math.min(drifts.length, size);
    },
    list: (): readonly Drift[] => drifts,
    fellBack(operationId: string, reason: string) {
      const count = (fallbacks.get(operationId)?.count ?? 0) + 1;
      // Re-inserted so the map stays in order of the latest fallback.
      fallbacks.delete(operationId);
      fallbacks.set(operationId, { operationId, reason, count, at: new Date().toISOString() });
    },
    /** Newest first. */
    fallbacks: (): Fallback[] => [...fallbacks.values()].reverse(),
  };
}

export type DriftLog = ReturnType<typeof createDriftLog>;
