import type { RequestSpec } from './contract-operations.ts';
import { newcoRegistration, personas as p } from './personas.ts';
import type { CaseContext } from './plan-types.ts';

// How each documented error example (components.responses) is produced on the `demo` data: the
// operation, the caller and the request. Replayed by example-replay.ts, which compares the answer
// with the example like a success example.

export interface ErrorExample {
  /** `components.responses` entry and, for named examples, the example's name. */
  response: string;
  name?: string;
  operationId: string;
  persona?: string;
  request?: Partial<RequestSpec>;
  /** Earlier calls, e.g. the first use of an Idempotency-Key. */
  before?: (context: CaseContext) => Promise<void>;
  /** Sent this many times first (a rate limit). */
  repeatBefore?: number;
}

const upload = (filename: string, content: string): RequestSpec['raw'] => ({
  contentType: 'multipart/form-data; boundary=b',
  data: `--b\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n--b--\r\n`,
});
const idempotencyKey = { 'Idempotency-Key': 'error-example-key' };

export const errorExamples: readonly ErrorExample[] = [
  {
    response: 'BadRequest',
    name: 'validation',
    operationId: 'submitAgentRegistration',
    persona: p.draft,
    request: { body: { ...newcoRegistration('sme', ['file-draft-1']), legalName: 'x'.repeat(151) } },
  },
  {
    response: 'BadRequest',
    name: 'invalidCode',
    operationId: 'redeemInvitationCode',
    persona: p.fleet,
    request: { params: { code: 'AAAA-AAAA-AAAA-AAAA' } },
  },
  { response: 'Unauthorized', operationId: 'getCurrentUser' },
  { response: 'Forbidden', name: 'role', operationId: 'listProducts', persona: p.fleet },
  {
    response: 'Forbidden',
    name: 'invitation',
    operationId: 'decideInvitation',
    persona: p.second,
    request: { params: { id: 'inv-owner-claimed', decision: 'accept' } },
  },
  {
    response: 'NotFound',
    operationId: 'getInvitationPermissions',
    persona: p.owner,
    request: { params: { id: 'no-such-id-0' } },
  },
  {
    response: 'Conflict',
    operationId: 'decideInvitation',
    persona: p.owner,
    request: { params: { id: 'inv-owner-accepted', decision: 'accept' } },
  },
  {
    response: 'IdempotencyKeyReused',
    operationId: 'createInvitation',
    persona: p.owner,
    request: { headers: idempotencyKey, body: [{ productId: 'prod-wb-1', includeSensitiveData: false }] },
    before: async (context) => {
      await context.call(
        'createInvitation',
        { headers: idempotencyKey, body: [{ productId: 'prod-veh-1', includeSensitiveData: false }] },
        p.owner,
      );
    },
  },
  {
    response: 'Gone',
    operationId: 'getDownloadLink',
    persona: p.second,
    request: { params: { jobId: 'job-second-expired' } },
  },
  {
    response: 'PayloadTooLarge',
    operationId: 'uploadAgentFiles',
    persona: p.newco,
    request: {
      params: { section: 'REGISTRATION' },
      raw: upload('scan.pdf', `%PDF-1.4\n${'0'.repeat(5 * 1024 * 1024)}`),
    },
  },
  {
    response: 'UnsupportedMediaType',
    operationId: 'uploadAgentFiles',
    persona: p.newco,
    request: { params: { section: 'REGISTRATION' }, raw: upload('photo.jpg', 'not a PDF or PNG') },
  },
  {
    response: 'TooManyRequests',
    operationId: 'redeemInvitationCode',
    persona: p.chargewise,
    request: { params: { code: 'BBBB-BBBB-BBBB-BBBB' } },
    repeatBefore: 10,
  },
  {
    response: 'TooManyExports',
    operationId: 'createProductDownload',
    persona: p.owner,
    request: { params: { id: 'prod-veh-1' } },
    repeatBefore: 5,
  },
  {
    // An unexpected failure cannot be caused on purpose: the simulator injects one, answered like a real one.
    response: 'InternalError',
    operationId: 'getCurrentUser',
    persona: p.owner,
    before: async (context) => {
      await context.call('injectFault', { body: { operationId: 'getCurrentUser', status: 500 } }, p.admin);
    },
  },
  {
    // A database out of reach (team mode) is not caused on demand either: injected, answered like the real one.
    response: 'ServiceUnavailable',
    operationId: 'getCurrentUser',
    persona: p.owner,
    before: async (context) => {
      await context.call('injectFault', { body: { operationId: 'getCurrentUser', status: 503 } }, p.admin);
    },
  },
  // The validating proxy's own answers (PROXY_TARGET) when its back end cannot answer: injected the same way.
  ...(
    [
      ['BadGateway', 502],
      ['GatewayTimeout', 504],
    ] as const
  ).map(([response, status]) => ({
    response,
    operationId: 'getCurrentUser',
    persona: p.owner,
    before: async (context: CaseContext) => {
      await context.call('injectFault', { body: { operationId: 'getCurrentUser', status } }, p.admin);
    },
  })),
];

/** Error examples no request can produce on demand, with the reason (reviewed). */
export const unproducibleErrors: Record<string, string> = {
  RequestTimeout:
    "a body that stalls past the server's request time limit (120 s by default); produced by the server's fuzz suite and connection tests with short limits",
};
