// Writes the contract's examples as Specmatic external examples (one JSON file per operation), so
// `specmatic test --strict --examples DIR` sends exactly the calls the conformance kit replays, each
// signed in as its example's persona, instead of generating thousands of combinations:
//   node --import tsx conformance/src/specmatic-examples.ts DIR
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadContract } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import { exampleRequest, fillPath, type Operation } from './contract-operations.ts';
import { documentedAnswer, unreplayable } from './example-replay.ts';
import { plan } from './plan.ts';
import { mergeRequest } from './plan-types.ts';

const directory = process.argv[2];
if (!directory) {
  process.stderr.write('usage: specmatic-examples.ts DIR\n');
  process.exit(2);
}
mkdirSync(directory, { recursive: true });

/** Examples Specmatic 2.55 cannot load, with the reason; it runs no test for those operations. */
const leftOut: Record<string, string> = {
  getCatalogue: 'Specmatic decodes `%20` in an example path and then refuses the space in the URI',
  uploadAgentFiles:
    'Specmatic matches a file part only to a single-file field, not to `file` as an array of 1 to 3',
  injectFault: 'Specmatic reads no property of an object schema whose `anyOf` only lists required ones',
};
const headReason = 'Specmatic reads no HEAD operations from the contract';
const document = loadContract();

/**
 * The headers a response declares required, with the contract's example values, and for a file
 * answer its first media type (Specmatic otherwise expects the last one listed).
 */
function responseHeaders(operation: Operation, status: number): { headers?: Record<string, string> } {
  const response = operation.responses[String(status)];
  const headers: Record<string, string> = {};
  for (const header of response?.headers ?? []) {
    if (header.required && header.example !== undefined) headers[header.name] = String(header.example);
  }
  const [mediaType] = Object.keys(response?.content ?? {});
  if (mediaType && !mediaType.includes('json')) headers['Content-Type'] = mediaType;
  return Object.keys(headers).length > 0 ? { headers } : {};
}

/** A file answer (PDF, zip, HTML) is a string in the contract: any text stands for its bytes. */
function binary(operation: Operation, status: number): { body?: string } {
  return operation.statuses.includes(String(status)) && status < 300 && status !== 204 ? { body: '' } : {};
}

let written = 0;
for (const operation of indexOperations(document).operations) {
  if (operation.method === 'HEAD') leftOut[operation.operationId] = headReason;
  if (unreplayable[operation.operationId] || leftOut[operation.operationId]) continue;
  const entry = plan[operation.operationId] ?? {};
  const request = mergeRequest(exampleRequest(operation), entry.request);
  const headers: Record<string, string> = { ...request.headers };
  // The persona header is the `devUserId` scheme: only where the operation lists that scheme.
  if (entry.persona && operation.secured) headers['X-User-Id'] = entry.persona;
  const { status, bodies } = documentedAnswer(operation);
  const example = {
    'http-request': {
      method: operation.method,
      path: fillPath(operation.path, request.params),
      ...(Object.keys(request.query).length > 0 ? { query: request.query } : {}),
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
    },
    'http-response': {
      status,
      ...responseHeaders(operation, status),
      ...(bodies.length > 0 ? { body: bodies[0] } : binary(operation, status)),
    },
  };
  writeFileSync(join(directory, `${operation.operationId}.json`), `${JSON.stringify(example, null, 2)}\n`);
  written++;
}
process.stdout.write(`${written} examples written to ${directory}\n`);
for (const [operationId, reason] of Object.entries({ ...unreplayable, ...leftOut })) {
  process.stdout.write(`  not written: ${operationId} (${reason})\n`);
}
