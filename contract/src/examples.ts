/**
 * The answer the contract documents for each operation: its first success status, the example body
 * of that status and the example values of the headers it declares (a required one without an example: a value its schema allows). The contract's examples are real
 * answers of the reference server on the `demo` data (decision 0027), so a mock built from them (the
 * MSW handlers of `@portal/contract/msw`, a contract-only stand-in for a back end) answers what the
 * real server answers to the example requests.
 */
import type { ContractDocument } from './document.ts';
import type { ContractOperation } from './operations.ts';
import { sampleValue } from './schema-sample.ts';

/** Header schemas are resolved at their top and written inline: no document is needed to sample them. */
const noDocument: ContractDocument = { openapi: '3.1.0', paths: {} };

export interface ExampleAnswer {
  status: number;
  headers: Record<string, string>;
  /** The media type of the body, when there is one. */
  contentType?: string;
  /** JSON examples as values; other media types as text (a placeholder when the contract gives none). */
  body?: unknown;
}

const isJson = (type: string) => type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type);

/** The documented success answer of an operation, or of `status` when given. */
export function exampleAnswer(operation: ContractOperation, status?: number): ExampleAnswer {
  const chosen =
    status !== undefined ? String(status) : (operation.statuses.find((s) => /^[23]\d\d$/.test(s)) ?? '200');
  const response = operation.responses[chosen];
  const headers: Record<string, string> = {};
  for (const header of response?.headers ?? []) {
    // The body may be a stand-in (a binary's placeholder): its length is the transport's to say.
    if (/^(content-length|transfer-encoding)$/i.test(header.name)) continue;
    // A required header without an example gets a value its schema allows (`const`, `enum`, ...).
    const value =
      header.example ??
      (header.required && header.schema ? sampleValue(noDocument, header.schema) : undefined);
    if (value !== undefined && value !== null) headers[header.name] = String(value);
  }
  const answer: ExampleAnswer = { status: Number(chosen), headers };
  const [media] = Object.values(response?.content ?? {});
  if (!media || operation.method === 'HEAD') return answer;
  answer.contentType = media.type;
  answer.body = isJson(media.type)
    ? media.example
    : typeof media.example === 'string'
      ? media.example
      : `(${media.type} of ${operation.operationId})`;
  return answer;
}
