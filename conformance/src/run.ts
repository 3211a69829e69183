import { type ContractDocument, loadContract } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import { createAnswerChecker } from './answer-checks.ts';
import type { Operation, RequestSpec } from './contract-operations.ts';
import { createHttpClient, type HttpClient, NoAnswer } from './http-client.ts';
import { type CaseKind, casesFor, type OperationCase, uncoveredStatuses } from './operation-cases.ts';
import { plan } from './plan.ts';
import { mergeRequest } from './plan-types.ts';
import type { Exchange } from './redact.ts';
import { lifecycles, type Scenario } from './scenarios.ts';
import { createSignIn, type SignInOption, secretsOf } from './sign-in.ts';
import { type Capabilities, createCaseContext, noCapabilities } from './simulator-controls.ts';

export interface RunOptions {
  /** Base URL of the server under test, e.g. http://localhost:3000 (a path prefix is kept). */
  target: string;
  signIn?: SignInOption;
  /** The contract to check against (default: the repository's openapi.yaml). */
  contract?: ContractDocument;
  /** Only these operations (default: all); scenarios run only when this is unset. */
  operations?: string[];
  /** Only operations carrying one of these tags (`simulation` also scores a target without a simulator). */
  includeTags?: string[];
  /** Leave out operations carrying one of these tags. */
  excludeTags?: string[];
  /** Sent as `Origin` on every request (default: none, like any non-browser client). */
  origin?: string;
  /** How long one request may take (default 30 s). */
  requestTimeoutMs?: number;
  /** How long the whole run may take (default 30 minutes); what is left is reported as not run. */
  deadlineMs?: number;
  /** How long a lifecycle waits for a download job to complete (default 120 s). */
  lifecycleDeadlineMs?: number;
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
  /** The request sent and the answer received (kept for failures), credentials redacted. */
  exchange?: Exchange;
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
  /** Why the run ended before every case ran (target unreachable, deadline); the score covers what ran. */
  stopped?: string;
  /** What the target's simulator can do (see simulator-controls.ts). */
  capabilities: Omit<Capabilities, 'faultable'> & { faultable: number };
  /** What the reader should know about this run (e.g. one identity for every persona). */
  notes: string[];
  /** Operations left out of the score, with the reason. */
  excluded: Array<{ operationId: string; reason: string }>;
  results: CaseResult[];
  scenarios: Array<{ name: string; passed: boolean; skipped?: string; steps: CaseResult[] }>;
  operations: OperationScore[];
  total: { passed: number; failed: number; skipped: number; score: number };
}

const mutating = (method: string) => !['GET', 'HEAD'].includes(method);
const percent = (passed: number, total: number) =>
  total === 0 ? 100 : Math.round((passed / total) * 1000) / 10;

const oneIdentity =
  'one identity for every persona (--bearer or --cookie): roles and tenants cannot be tested; use --sign-in to give each persona its own';

/** Which operations a run scores: the named ones, by tags, the simulator's only where it acts. */
function scope(operations: readonly Operation[], options: RunOptions, capabilities: Capabilities) {
  const include = new Set(options.includeTags ?? []);
  const exclude = new Set(options.excludeTags ?? []);
  const excluded: RunReport['excluded'] = [];
  const inScope = operations.filter((operation) => {
    if (options.operations && !options.operations.includes(operation.operationId)) return false;
    if (include.size > 0 && !operation.tags.some((tag) => include.has(tag))) return false;
    const left = operation.tags.find((tag) => exclude.has(tag));
    if (left) {
      excluded.push({ operationId: operation.operationId, reason: `--exclude-tag ${left}` });
      return false;
    }
    if (operation.tags.includes('simulation') && !capabilities.simulator && !include.has('simulation')) {
      excluded.push({
        operationId: operation.operationId,
        reason:
          'the target has no simulator (its clock and faults do not act); --include-tag simulation scores it anyway',
      });
      return false;
    }
    return true;
  });
  return { inScope, excluded };
}

export async function runConformance(options: RunOptions): Promise<RunReport> {
  const started = Date.now();
  const deadlineAt = started + (options.deadlineMs ?? 30 * 60_000);
  const document = options.contract ?? loadContract();
  const index = indexOperations(document);
  const log = options.log ?? (() => undefined);
  const byId = new Map(index.operations.map((operation) => [operation.operationId, operation]));
  const notes: string[] = [];
  const report = (fields: Partial<RunReport>): RunReport =>
    summarise({
      target: options.target,
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      capabilities: { ...noCapabilities, faultable: 0 },
      notes,
      excluded: [],
      results: [],
      scenarios: [],
      operations: [],
      total: { passed: 0, failed: 0, skipped: 0, score: 0 },
      ...fields,
    });

  const signInOption = options.signIn ?? { kind: 'persona-header' };
  let client: HttpClient;
  try {
    client = createHttpClient({
      target: options.target,
      signIn: await createSignIn(signInOption, options.target),
      origin: options.origin,
      timeoutMs: options.requestTimeoutMs,
      secrets: secretsOf(signInOption),
    });
  } catch (error) {
    return report({ stopped: `could not sign in: ${(error as Error).message}` });
  }
  const identity = signInOption.kind === 'bearer' || signInOption.kind === 'cookie' ? 'one' : 'per-persona';
  if (identity === 'one') {
    notes.push(oneIdentity);
    log(`note: ${oneIdentity}`);
  }
  const check = createAnswerChecker(document);
  const { context, simulator } = createCaseContext(document, client, byId, {
    lifecycleDeadlineMs: options.lifecycleDeadlineMs ?? 120_000,
    deadlineAt,
  });

  let capabilities: Capabilities;
  try {
    capabilities = await simulator.detect();
  } catch (error) {
    const why =
      error instanceof NoAnswer ? `the target did not answer (${error.message})` : (error as Error).message;
    log(`stopped: ${why}`);
    return report({ stopped: why });
  }
  for (const note of capabilities.notes) log(note);
  const { inScope, excluded } = scope(index.operations, options, capabilities);
  for (const left of excluded) log(`left out: ${left.operationId} (${left.reason})`);
  const capabilitySummary = { ...capabilities, faultable: capabilities.faultable.size };

  let stopped: string | undefined;
  const probe = index.operations.find((o) => o.method === 'GET' && !o.secured && o.parameters.length === 0);
  /** After a call got no answer: does the target answer anything at all? */
  const stillAnswers = async () => {
    try {
      await client.send({ method: 'GET', url: probe?.path ?? '/', headers: {} });
      return true;
    } catch {
      return false;
    }
  };
  const noAnswer = async (error: NoAnswer) => {
    if (!stopped && !(await stillAnswers())) {
      stopped = `the target stopped answering (${error.message})`;
      log(`stopped: ${stopped}`);
    }
  };
  const timeLeft = () => {
    if (!stopped && Date.now() >= deadlineAt) {
      stopped = `the run's deadline of ${Math.round((options.deadlineMs ?? 30 * 60_000) / 1000)} s passed`;
      log(`stopped: ${stopped}`);
    }
    return !stopped;
  };
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
    if (!timeLeft()) return result({ skipped: `not run: ${stopped}` });
    if (identity === 'one' && c.persona !== undefined && c.persona !== plan[c.operationId]?.persona)
      return result({ skipped: oneIdentity });
    if (c.injectFault && !capabilities.faultable.has(c.operationId)) {
      return result({
        skipped:
          capabilities.faultable.size > 0
            ? `the target's simulator injects no fault into ${c.operationId}`
            : 'the target has no simulator whose faults take effect',
      });
    }
    let lastExchange: Exchange | undefined;
    try {
      if (dirty) {
        await simulator.reset();
        dirty = false;
      }
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
      lastExchange = answer.exchange;
      // A refused request changes nothing; anything else may have (even a 500 halfway through).
      if (mutating(operation.method) && (answer.status < 400 || answer.status >= 500)) dirty = true;
      if (c.repeatBefore) dirty = true;
      const problems = check(operation, answer, c.expect);
      return result({
        passed: problems.length === 0,
        problems,
        status: answer.status,
        ...(problems.length > 0 ? { exchange: answer.exchange } : {}),
      });
    } catch (error) {
      dirty = true;
      if (error instanceof NoAnswer) {
        await noAnswer(error);
        return result({ problems: [error.message], exchange: error.exchange });
      }
      return result({
        problems: [`could not run: ${(error as Error).message}`],
        ...(lastExchange ? { exchange: lastExchange } : {}),
      });
    } finally {
      if (c.injectFault && !stopped) await simulator.clearFaults().catch(() => undefined);
    }
  };

  // Functional cases first, then the lifecycles, then hostile input last: a server that mishandles
  // a malformed request must not turn the functional checks red as well.
  const planned = inScope.map((operation) => ({ operation, cases: casesFor(document, operation) }));
  const byOperation = new Map<string, CaseResult[]>(inScope.map((o) => [o.operationId, []]));
  const runAll = async (pick: (c: OperationCase) => boolean) => {
    for (const { operation, cases } of planned) {
      for (const c of cases.filter(pick))
        byOperation.get(operation.operationId)?.push(await runCase(operation, c));
    }
  };
  await runAll((c) => c.kind !== 'invalid');

  const scenarioResults: RunReport['scenarios'] = [];
  const scored = new Set(inScope.map((operation) => operation.operationId));
  for (const scenario of options.operations ? [] : lifecycles(document)) {
    const missing = scenario.steps.find((step) => !scored.has(step.operationId));
    const skipped = !timeLeft()
      ? `not run: ${stopped}`
      : identity === 'one'
        ? oneIdentity
        : missing
          ? `${missing.operationId} is left out of this run`
          : undefined;
    if (skipped) {
      scenarioResults.push({ name: scenario.name, passed: false, skipped, steps: [] });
      continue;
    }
    try {
      if (dirty) await simulator.reset();
      dirty = true;
      const steps = await runScenario(scenario, byId, context, client, check, noAnswer);
      const passed = steps.every((step) => step.passed);
      scenarioResults.push({ name: scenario.name, passed, steps });
      log(`${passed ? 'ok  ' : 'FAIL'} scenario: ${scenario.name}`);
    } catch (error) {
      if (error instanceof NoAnswer) await noAnswer(error);
      scenarioResults.push({
        name: scenario.name,
        passed: false,
        steps: [],
        ...(stopped ? { skipped: `not run: ${stopped}` } : {}),
      });
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
  if (dirty && !stopped) await simulator.reset().catch(() => undefined);
  return report({
    ...(stopped ? { stopped } : {}),
    capabilities: capabilitySummary,
    excluded,
    results,
    scenarios: scenarioResults,
    operations: operationScores,
  });
}

/** The totals of a report from its results and scenarios (skipped ones count neither way). */
/** Every case and scenario step that ran and failed, in the report's order. */
export function failedCases(report: Pick<RunReport, 'results' | 'scenarios'>): CaseResult[] {
  return [...report.results, ...report.scenarios.flatMap((scenario) => scenario.steps)].filter(
    (result) => !result.passed && !result.skipped,
  );
}

/**
 * What keeps a run from 100 %: each failed case as `operation — case: problems`, each failed scenario
 * by name. Empty when everything that ran passed (a test's one assertion on a full score).
 */
export function shortfalls(report: Pick<RunReport, 'results' | 'scenarios'>): string[] {
  return [
    ...failedCases(report).map((r) => `${r.operationId} — ${r.name}: ${r.problems.join('; ')}`),
    ...report.scenarios.filter((s) => !s.passed && !s.skipped).map((s) => `scenario ${s.name} failed`),
  ];
}

function summarise(report: RunReport): RunReport {
  const counted = [
    ...report.results.filter((r) => !r.skipped),
    ...report.scenarios.filter((s) => !s.skipped).map((s) => ({ passed: s.passed })),
  ];
  const passed = counted.filter((r) => r.passed).length;
  return {
    ...report,
    total: {
      passed,
      failed: counted.length - passed,
      skipped:
        report.results.filter((r) => r.skipped).length + report.scenarios.filter((s) => s.skipped).length,
      score: percent(passed, counted.length),
    },
  };
}

async function runScenario(
  scenario: Scenario,
  operations: Map<string, Operation>,
  context: ReturnType<typeof createCaseContext>['context'],
  client: HttpClient,
  check: ReturnType<typeof createAnswerChecker>,
  noAnswer: (error: NoAnswer) => Promise<void>,
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
        ...(problems.length > 0 ? { exchange: answer.exchange } : {}),
      });
    } catch (error) {
      if (error instanceof NoAnswer) await noAnswer(error);
      steps.push({
        ...base,
        passed: false,
        problems: [error instanceof NoAnswer ? error.message : `could not run: ${(error as Error).message}`],
        ms: Date.now() - t0,
        ...(error instanceof NoAnswer ? { exchange: error.exchange } : {}),
      });
    }
    if (!steps.at(-1)?.passed) break; // later steps depend on this one
  }
  return steps;
}
