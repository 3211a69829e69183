import { type ContractDocument, loadContract } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import { createAnswerChecker } from './answer-checks.ts';
import type { Operation, RequestSpec } from './contract-operations.ts';
import { createHttpClient } from './http-client.ts';
import { type CaseKind, casesFor, type OperationCase, uncoveredStatuses } from './operation-cases.ts';
import { mergeRequest } from './plan-types.ts';
import { scenarios as allScenarios, type Scenario } from './scenarios.ts';
import { createSignIn, type SignInOption } from './sign-in.ts';
import { createCaseContext } from './simulator-controls.ts';

export interface RunOptions {
  /** Base URL of the server under test, e.g. http://localhost:3000 */
  target: string;
  signIn?: SignInOption;
  /** The contract to check against (default: the repository's openapi.yaml). */
  contract?: ContractDocument;
  /** Only these operations (default: all); scenarios run only when this is unset. */
  operations?: string[];
  /** Progress lines (default: silent). */
  log?: (line: string) => void;
}

export interface CaseResult {
  operationId: string;
  kind: CaseKind | 'scenario';
  name: string;
  persona?: string;
  passed: boolean;
  /** Why the case was not run (counts neither way), e.g. no simulator to inject a fault. */
  skipped?: string;
  problems: string[];
  status?: number;
  ms: number;
}

export interface OperationScore {
  operationId: string;
  passed: number;
  total: number;
  score: number;
  uncovered: Array<{ status: string; why?: string }>;
}

export interface RunReport {
  target: string;
  startedAt: string;
  durationMs: number;
  results: CaseResult[];
  scenarios: Array<{ name: string; passed: boolean; steps: CaseResult[] }>;
  operations: OperationScore[];
  total: { passed: number; failed: number; skipped: number; score: number };
}

const mutating = (method: string) => !['GET', 'HEAD'].includes(method);
const percent = (passed: number, total: number) =>
  total === 0 ? 100 : Math.round((passed / total) * 1000) / 10;

export async function runConformance(options: RunOptions): Promise<RunReport> {
  const started = Date.now();
  const document = options.contract ?? loadContract();
  const log = options.log ?? (() => undefined);
  const index = indexOperations(document);
  const operations = index.operations.filter(
    (operation) => !options.operations || options.operations.includes(operation.operationId),
  );
  const byId = new Map(index.operations.map((operation) => [operation.operationId, operation]));
  const client = createHttpClient(
    options.target,
    await createSignIn(options.signIn ?? { kind: 'persona-header' }, options.target),
  );
  const check = createAnswerChecker(document);
  const { context, simulator } = createCaseContext(client, byId);
  const hasSimulator = await simulator.available();
  log(
    hasSimulator
      ? 'simulator found: the data is reset between cases that change it'
      : 'no simulator: cases run once, in order',
  );
  let dirty = false;

  const runCase = async (operation: Operation, c: OperationCase): Promise<CaseResult> => {
    const t0 = Date.now();
    const result = (fields: Partial<CaseResult>): CaseResult => ({
      operationId: c.operationId,
      kind: c.kind,
      name: c.name,
      persona: c.persona,
      passed: false,
      problems: [],
      ms: Date.now() - t0,
      ...fields,
    });
    if (c.injectFault && !hasSimulator)
      return result({ skipped: 'the target has no simulator to inject a fault' });
    if (dirty) {
      await simulator.reset();
      dirty = false;
    }
    try {
      let request: RequestSpec = c.request;
      if (c.prepare) {
        dirty = true;
        request = mergeRequest(request, await c.prepare(context));
      }
      for (let i = 0; i < (c.repeatBefore ?? 0); i++)
        await client.call(operation.method, operation.path, request, c.persona);
      if (
        c.injectFault &&
        !(await simulator.injectFault(c.operationId, c.injectFault.status, c.injectFault.code))
      ) {
        return result({ skipped: 'the simulator refused the fault' });
      }
      const answer = c.sent
        ? await client.send(c.sent, c.persona)
        : await client.call(operation.method, operation.path, request, c.persona);
      // A refused request changes nothing; anything else may have (even a 500 halfway through).
      if (mutating(operation.method) && (answer.status < 400 || answer.status >= 500)) dirty = true;
      if (c.repeatBefore) dirty = true;
      const problems = check(operation, answer, c.expect);
      return result({ passed: problems.length === 0, problems, status: answer.status });
    } catch (error) {
      dirty = true;
      return result({ problems: [`could not run: ${(error as Error).message}`] });
    } finally {
      if (c.injectFault) await simulator.clearFaults();
    }
  };

  // Functional cases first, then the lifecycles, then hostile input last: a server that mishandles
  // a malformed request must not turn the functional checks red as well.
  const planned = operations.map((operation) => ({ operation, cases: casesFor(document, operation) }));
  const byOperation = new Map<string, CaseResult[]>(operations.map((o) => [o.operationId, []]));
  const runAll = async (pick: (c: OperationCase) => boolean) => {
    for (const { operation, cases } of planned) {
      for (const c of cases.filter(pick))
        byOperation.get(operation.operationId)?.push(await runCase(operation, c));
    }
  };
  await runAll((c) => c.kind !== 'invalid');

  const scenarioResults = [];
  if (!options.operations) {
    for (const scenario of allScenarios) {
      if (dirty) await simulator.reset();
      dirty = true;
      const steps = await runScenario(scenario, byId, context, client, check);
      const passed = steps.every((step) => step.passed);
      scenarioResults.push({ name: scenario.name, passed, steps });
      log(`${passed ? 'ok  ' : 'FAIL'} scenario: ${scenario.name}`);
    }
  }
  await runAll((c) => c.kind === 'invalid');

  const results: CaseResult[] = [];
  const operationScores: OperationScore[] = [];
  for (const { operation, cases } of planned) {
    const own = byOperation.get(operation.operationId) ?? [];
    const counted = own.filter((r) => !r.skipped);
    const passed = counted.filter((r) => r.passed).length;
    operationScores.push({
      operationId: operation.operationId,
      passed,
      total: counted.length,
      score: percent(passed, counted.length),
      uncovered: uncoveredStatuses(operation, cases),
    });
    results.push(...own);
    log(
      `${passed === counted.length ? 'ok  ' : 'FAIL'} ${operation.operationId} ${passed}/${counted.length}`,
    );
  }
  if (dirty) await simulator.reset();

  const counted = [
    ...results.filter((r) => !r.skipped),
    ...scenarioResults.map((s) => ({ passed: s.passed })),
  ];
  const passed = counted.filter((r) => r.passed).length;
  return {
    target: options.target,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    results,
    scenarios: scenarioResults,
    operations: operationScores,
    total: {
      passed,
      failed: counted.length - passed,
      skipped: results.filter((r) => r.skipped).length,
      score: percent(passed, counted.length),
    },
  };
}

async function runScenario(
  scenario: Scenario,
  operations: Map<string, Operation>,
  context: ReturnType<typeof createCaseContext>['context'],
  client: ReturnType<typeof createHttpClient>,
  check: ReturnType<typeof createAnswerChecker>,
): Promise<CaseResult[]> {
  const state: Record<string, string> = {};
  const steps: CaseResult[] = [];
  for (const step of scenario.steps) {
    const t0 = Date.now();
    const base = {
      operationId: step.operationId,
      kind: 'scenario' as const,
      name: step.name,
      persona: step.persona,
    };
    const operation = operations.get(step.operationId);
    if (!operation) {
      steps.push({ ...base, passed: false, problems: [`the contract has no ${step.operationId}`], ms: 0 });
      break;
    }
    try {
      if (step.wait) {
        await step.wait(context, state);
        steps.push({ ...base, passed: true, problems: [], ms: Date.now() - t0 });
        continue;
      }
      const request = { params: {}, query: {}, headers: {}, ...step.request?.(state) };
      const answer = await client.call(operation.method, operation.path, request, step.persona);
      const problems = check(operation, answer, step.expect);
      const own = step.verify?.(answer, state);
      if (own) problems.push(own);
      steps.push({
        ...base,
        passed: problems.length === 0,
        problems,
        status: answer.status,
        ms: Date.now() - t0,
      });
    } catch (error) {
      steps.push({
        ...base,
        passed: false,
        problems: [`could not run: ${(error as Error).message}`],
        ms: Date.now() - t0,
      });
    }
    if (!steps.at(-1)?.passed) break; // later steps depend on this one
  }
  return steps;
}
