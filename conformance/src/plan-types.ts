import type { RequestSpec } from './contract-operations.ts';
import type { HttpAnswer } from './http-client.ts';
import type { Persona } from './personas.ts';

/** What a case may do before its own call: earlier calls whose answers feed the request. */
export interface CaseContext {
  call(operationId: string, request: Partial<RequestSpec>, persona?: Persona): Promise<HttpAnswer>;
  /** Uploads a small PDF as `persona` to `section`; answers the stored file's id. */
  uploadPdf(persona: Persona, section: string): Promise<string>;
  /**
   * Waits until `persona`'s download job is COMPLETED, each status seen a move the contract allows
   * from the one before (`seen`: the status the job was created with), within the lifecycle deadline;
   * speeds the simulation clock up when it can.
   */
  waitForJob(persona: Persona, jobId: string, seen?: string): Promise<void>;
}

export type Prepare = (context: CaseContext) => Promise<Partial<RequestSpec>>;

export interface ErrorCase {
  name: string;
  status: number | number[];
  code?: string;
  /** Who calls: a persona, `null` for nobody signed in, unset for the operation's persona. */
  persona?: Persona | null;
  request?: Partial<RequestSpec>;
  prepare?: Prepare;
  /** Calls made first with the same request, e.g. to reach a rate limit. */
  repeatBefore?: number;
  /** Produced by a fault the simulator injects first (skipped against a target without one). */
  injectFault?: { status: number; code: string };
}

export interface OperationPlan {
  /** Who calls the operation's example (unset: nobody signed in). */
  persona?: Persona;
  /** Changes to the request the contract's examples describe (e.g. a multipart body). */
  request?: Partial<RequestSpec>;
  /** For examples that need earlier calls (a file to delete, a finished job). */
  prepare?: Prepare;
  /** Expected status of the example (default: the first 2xx or 3xx the operation declares). */
  expect?: number;
  /** Another tenant of the same role: must be refused the example's ids (403 or 404). */
  foreign?: Persona;
  /** The caller of another role for the 403 case (default: by the persona's role). */
  outsider?: Persona;
  /** No 403 case for a caller of another role (the operation is open to every role). */
  anyRole?: boolean;
  errors?: ErrorCase[];
  /** Declared statuses no request can produce against a simulator-enabled server, and why. */
  unreachable?: Record<string, string>;
}

export function mergeRequest(base: RequestSpec, change: Partial<RequestSpec> | undefined): RequestSpec {
  if (!change) return base;
  const merged: RequestSpec = {
    params: { ...base.params, ...change.params },
    query: { ...base.query, ...change.query },
    headers: { ...base.headers, ...change.headers },
    body: 'body' in change ? change.body : base.body,
  };
  if (change.raw) {
    merged.raw = change.raw;
    merged.body = undefined;
  } else if (base.raw && !('body' in change)) merged.raw = base.raw;
  return merged;
}
