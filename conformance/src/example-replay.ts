import { type ContractDocument, loadContract } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import { createAnswerChecker } from './answer-checks.ts';
import { exampleRequest, type Operation } from './contract-operations.ts';
import { errorExamples } from './error-examples.ts';
import { exampleDifferences } from './example-match.ts';
import { createHttpClient, type HttpClient } from './http-client.ts';
import { personas } from './personas.ts';
import { plan } from './plan.ts';
import { mergeRequest } from './plan-types.ts';
import { createSignIn, type SignInOption } from './sign-in.ts';
import { createCaseContext } from './simulator-controls.ts';

// The contract's examples replayed exactly as written: each operation's example request, with no
// preparing call, on data freshly reset to the `demo` scenario, must answer the documented status
// and the documented example body. This is what Specmatic, Portman or Prism do with the examples,
// so it is what makes them work without hand-made data.

/** Values the call itself creates (compared for presence only), by operation. */
const generatedBy: Record<string, readonly string[]> = {
  createProductDownload: ['id'],
  createProductsDownload: ['id'],
  createInvitationDownload: ['id'],
  createInvitation: ['id', 'code', 'link'],
  uploadAgentFiles: ['id'],
  getDownloadLink: ['link'],
  injectFault: ['id'],
  createSimulationSnapshot: ['sizeBytes'],
  listSimulationSnapshots: ['sizeBytes'],
  createSimulationSandbox: ['id'],
  // Not data but the server's configuration: the mode it was started in.
  getPortalConfig: ['mode'],
  listFaults: ['id'],
  listSimulationCalls: ['id', 'durationMs'],
};

/** Examples that show what another operation's example left behind: that one runs first. */
const givenBy: Record<string, readonly string[]> = {
  listFaults: ['injectFault'],
  listSimulationSnapshots: ['createSimulationSnapshot'],
  deleteSimulationSnapshot: ['createSimulationSnapshot'],
  restoreSimulationSnapshot: ['createSimulationSnapshot'],
};

/**
 * Examples no replay can reproduce, with the reason (reviewed): they are reported, not judged. None
 * left: the call list is per browser, so its example is replayed with a fixed caller cookie.
 */
export const unreplayable: Record<string, string> = {};

/** The browser whose call list `listSimulationCalls` shows (any name the simulator accepts). */
const callerCookie = { cookie: 'portal_sim_caller=example-replay-caller' };

/**
 * Calls an example shows the result of, made as that browser first: the call list's example is a
 * listing that answered an undeclared 418 through an injected fault.
 */
const calledBefore: Record<string, (client: HttpClient) => Promise<void>> = {
  listSimulationCalls: async (client) => {
    const fault = { operationId: 'listProducts', status: 418 };
    await client.call(
      'POST',
      '/api/v1/sim/faults',
      { params: {}, query: {}, headers: {}, body: fault },
      personas.admin,
    );
    await client.call(
      'GET',
      '/api/v1/products',
      { params: {}, query: {}, headers: callerCookie },
      personas.owner,
    );
  },
};

export interface ExampleReplay {
  operationId: string;
  persona?: string;
  expected: number;
  status: number;
  problems: string[];
  /** The answer's JSON body (when asked for with `keepAnswers`). */
  answer?: unknown;
}

/** The success status an example documents and the example bodies it gives (any one may match). */
export function documentedAnswer(operation: Operation): { status: number; bodies: unknown[] } {
  const expect = plan[operation.operationId]?.expect;
  const status = expect ?? Number(operation.statuses.find((s) => /^[23]/.test(s)));
  const content = operation.responses[String(status)]?.content ?? {};
  const media = Object.values(content).find((entry) => entry.type.includes('json'));
  return { status, bodies: media ? Object.values(media.examples) : [] };
}

export async function replayExamples(options: {
  target: string;
  signIn?: SignInOption;
  contract?: ContractDocument;
  keepAnswers?: boolean;
}): Promise<ExampleReplay[]> {
  const document = options.contract ?? loadContract();
  const operations = indexOperations(document).operations;
  const client = createHttpClient({
    target: options.target,
    signIn: await createSignIn(options.signIn ?? { kind: 'persona-header' }, options.target),
  });
  const check = createAnswerChecker(document);
  const byId = new Map(operations.map((o) => [o.operationId, o]));
  const { simulator, context } = createCaseContext(document, client, byId, { lifecycleDeadlineMs: 120_000 });
  await simulator.detect();
  const send = (operation: Operation) => {
    const entry = plan[operation.operationId] ?? {};
    const request = mergeRequest(exampleRequest(operation), entry.request);
    const asBrowser = calledBefore[operation.operationId] ? { headers: callerCookie } : {};
    return client.call(operation.method, operation.path, mergeRequest(request, asBrowser), entry.persona);
  };
  const results: ExampleReplay[] = [];
  for (const operation of operations.filter((o) => !unreplayable[o.operationId])) {
    const entry = plan[operation.operationId] ?? {};
    const { status, bodies } = documentedAnswer(operation);
    await simulator.reset();
    for (const given of givenBy[operation.operationId] ?? []) {
      const earlier = byId.get(given);
      if (earlier) await send(earlier);
    }
    await calledBefore[operation.operationId]?.(client);
    const answer = await send(operation);
    const problems = check(operation, answer, { status });
    if (problems.length === 0 && bodies.length > 0) {
      const generated = generatedBy[operation.operationId] ?? [];
      const differences = bodies.map((body) => exampleDifferences(body, answer.json, generated));
      const closest = differences.sort((a, b) => a.length - b.length)[0] ?? [];
      problems.push(...closest);
    }
    results.push({
      operationId: operation.operationId,
      persona: entry.persona,
      expected: status,
      status: answer.status,
      problems,
      ...(options.keepAnswers ? { answer: answer.json } : {}),
    });
  }
  for (const error of errorExamples) {
    const operation = byId.get(error.operationId);
    if (!operation) continue;
    await simulator.reset();
    await error.before?.(context);
    const prepared = await error.prepare?.(context);
    const request = mergeRequest(mergeRequest(exampleRequest(operation), error.request), prepared);
    for (let i = 0; i < (error.repeatBefore ?? 0); i++)
      await client.call(operation.method, operation.path, request, error.persona);
    const answer = await client.call(operation.method, operation.path, request, error.persona);
    const example = errorExampleOf(document, error.example);
    const status = errorStatusOf(document, example);
    const problems = check(operation, answer, { status });
    if (problems.length === 0) problems.push(...exampleDifferences(example, answer.json, ['requestId']));
    results.push({
      operationId: `${error.example} (${error.operationId})`,
      persona: error.persona,
      expected: status,
      status: answer.status,
      problems,
      ...(options.keepAnswers ? { answer: answer.json } : {}),
    });
  }
  await simulator.reset();
  return results;
}

/** A documented error example (`components.examples`, one per error code), by its name. */
function errorExampleOf(document: ContractDocument, name: string): unknown {
  const examples = (document.components as { examples?: Record<string, { value?: unknown }> }).examples;
  return examples?.[name]?.value;
}

/** The HTTP status of an error example, from the code's entry in `x-error-catalogue`. */
function errorStatusOf(document: ContractDocument, example: unknown): number {
  const code = (example as { errors?: Array<{ code?: string }> })?.errors?.[0]?.code ?? '';
  const catalogue = document['x-error-catalogue'] as Record<string, { status: number }> | undefined;
  return catalogue?.[code]?.status ?? 0;
}
