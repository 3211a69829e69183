import type { RequestSpec } from './contract-operations.ts';
import { newcoRegistration, personas as p, unknownId } from './personas.ts';
import type { CaseContext, Prepare } from './plan-types.ts';

// How each documented error example (`components.examples`, one per error code) is produced on the
// `demo` data: an operation that declares the code, the caller and the request. Replayed by
// example-replay.ts, which compares the answer with the example like a success example.

export interface ErrorExample {
  /** The `components.examples` entry: the error code it shows. */
  example: string;
  operationId: string;
  persona?: string;
  request?: Partial<RequestSpec>;
  /** Earlier calls whose answers feed the request (a job just created). */
  prepare?: Prepare;
  /** Earlier calls, e.g. the first use of an Idempotency-Key. */
  before?: (context: CaseContext) => Promise<void>;
  /** Sent this many times first (a rate limit). */
  repeatBefore?: number;
}

const multipart = (...parts: string[]): RequestSpec['raw'] => ({
  contentType: 'multipart/form-data; boundary=b',
  data: `${parts.map((part) => `--b\r\n${part}\r\n`).join('')}--b--\r\n`,
});
const filePart = (filename: string, content: string) =>
  `Content-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}`;
const upload = (filename: string, content: string) => multipart(filePart(filename, content));
const pdf = '%PDF-1.4\n%%EOF\n';
const idempotencyKey = { 'Idempotency-Key': 'error-example-key' };
const fromAnotherSite = { headers: { origin: 'https://attacker.example' } };
const injected =
  (operationId: string, status: number) =>
  async (context: CaseContext): Promise<void> => {
    await context.call('injectFault', { body: { operationId, status } }, p.admin);
  };

export const errorExamples: readonly ErrorExample[] = [
  {
    example: 'VALIDATION_FAILED',
    operationId: 'submitAgentRegistration',
    persona: p.draft,
    request: { body: { ...newcoRegistration('sme', ['file-draft-1']), legalName: 'x'.repeat(151) } },
  },
  { example: 'UNAUTHENTICATED', operationId: 'getCurrentUser' },
  { example: 'FORBIDDEN', operationId: 'listProducts', persona: p.fleet },
  {
    example: 'NOT_FOUND',
    operationId: 'downloadExport',
    persona: p.second,
    request: { params: { token: 'unknownToken_0123456789' } },
  },
  { example: 'CSRF_REJECTED', operationId: 'logout', persona: p.owner, request: fromAnotherSite },
  {
    example: 'RATE_LIMITED',
    operationId: 'redeemInvitationCode',
    persona: p.chargewise,
    request: { params: { code: 'BBBB-BBBB-BBBB-BBBB' } },
    repeatBefore: 10,
  },
  {
    example: 'TOO_MANY_EXPORTS',
    operationId: 'createProductDownload',
    persona: p.owner,
    request: { params: { id: 'prod-veh-1' } },
    repeatBefore: 5,
  },
  // An unexpected failure, a database out of reach (team mode) and the validating proxy's own answers
  // (PROXY_TARGET) cannot be caused on demand: the simulator injects them, answered like the real ones.
  ...(
    [
      ['INTERNAL_ERROR', 500],
      ['SERVICE_UNAVAILABLE', 503],
      ['BAD_GATEWAY', 502],
      ['GATEWAY_TIMEOUT', 504],
    ] as const
  ).map(([example, status]) => ({
    example,
    operationId: 'getCurrentUser',
    persona: p.owner,
    before: injected('getCurrentUser', status),
  })),
  { example: 'TERMS_NOT_PENDING', operationId: 'acceptTerms', persona: p.owner },
  {
    example: 'PRODUCT_NOT_FOUND',
    operationId: 'createProductDownload',
    persona: p.owner,
    request: { params: { id: unknownId } },
  },
  {
    example: 'COLLECTION_UNCHANGED',
    operationId: 'setProductCollection',
    persona: p.owner,
    request: { params: { id: 'prod-veh-3', action: 'DISABLE' } },
  },
  {
    example: 'COLLECTION_DISABLED',
    operationId: 'createProductDownload',
    persona: p.owner,
    request: { params: { id: 'prod-veh-3' } },
  },
  { example: 'NO_PRODUCTS_ENABLED', operationId: 'createProductsDownload', persona: p.empty },
  {
    example: 'JOB_NOT_FOUND',
    operationId: 'getDownloadLink',
    persona: p.second,
    request: { params: { jobId: unknownId } },
  },
  {
    example: 'JOB_NOT_READY',
    operationId: 'getDownloadLink',
    persona: p.owner,
    prepare: async (context) => {
      const job = await context.call('createProductDownload', { params: { id: 'prod-veh-1' } }, p.owner);
      return { params: { jobId: (job.json as { id: string }).id } };
    },
  },
  {
    example: 'EXPORT_EXPIRED',
    operationId: 'getDownloadLink',
    persona: p.second,
    request: { params: { jobId: 'job-second-expired' } },
  },
  {
    example: 'INVITATION_NOT_FOUND',
    operationId: 'getInvitationPermissions',
    persona: p.owner,
    request: { params: { id: unknownId } },
  },
  {
    example: 'INVALID_INVITATION_STATE',
    operationId: 'decideInvitation',
    persona: p.owner,
    request: { params: { id: 'inv-owner-accepted', decision: 'accept' } },
  },
  {
    example: 'INVITATION_FORBIDDEN',
    operationId: 'decideInvitation',
    persona: p.second,
    request: { params: { id: 'inv-owner-claimed', decision: 'accept' } },
  },
  {
    example: 'REVOKE_FORBIDDEN',
    operationId: 'revokeInvitation',
    persona: p.owner,
    request: { params: { id: 'inv-second-accepted' } },
  },
  {
    example: 'INVALID_REVOKE_STATE',
    operationId: 'revokeInvitation',
    persona: p.owner,
    request: { params: { id: 'inv-owner-revoked-after-claimed' } },
  },
  {
    example: 'INVALID_CODE',
    operationId: 'redeemInvitationCode',
    persona: p.fleet,
    request: { params: { code: 'AAAA-AAAA-AAAA-AAAA' } },
  },
  {
    example: 'SHARING_SUSPENDED',
    operationId: 'createInvitationDownload',
    persona: p.fleet,
    request: { params: { invitationId: 'inv-second-paused' } },
  },
  { example: 'AGENT_NOT_ACTIVE', operationId: 'redeemInvitationCode', persona: p.pending },
  {
    example: 'REGISTRATION_EXISTS',
    operationId: 'submitAgentRegistration',
    persona: p.fleet,
    request: { body: newcoRegistration('sme', ['file-draft-1']) },
  },
  {
    example: 'REGISTRATION_LOCKED',
    operationId: 'uploadAgentFiles',
    persona: p.pending,
    request: { params: { section: 'REGISTRATION' }, raw: upload('extract.pdf', pdf) },
  },
  {
    example: 'MISSING_DOCUMENTS',
    operationId: 'submitAgentRegistration',
    persona: p.draft,
    request: { body: newcoRegistration('sme', []) },
  },
  {
    example: 'FILE_TYPE_NOT_ALLOWED',
    operationId: 'uploadAgentFiles',
    persona: p.newco,
    request: { params: { section: 'REGISTRATION' }, raw: upload('photo.jpg', 'not a PDF or PNG') },
  },
  {
    example: 'FILE_TOO_LARGE',
    operationId: 'uploadAgentFiles',
    persona: p.newco,
    request: {
      params: { section: 'REGISTRATION' },
      raw: upload('scan.pdf', `%PDF-1.4\n${'0'.repeat(5 * 1024 * 1024)}`),
    },
  },
  {
    example: 'TOO_MANY_FILES',
    operationId: 'uploadAgentFiles',
    persona: p.newco,
    request: {
      params: { section: 'REGISTRATION' },
      raw: multipart(...['a', 'b', 'c', 'd'].map((name) => filePart(`${name}.pdf`, pdf))),
    },
  },
  {
    example: 'FILE_EMPTY',
    operationId: 'uploadAgentFiles',
    persona: p.newco,
    request: {
      params: { section: 'REGISTRATION' },
      raw: upload('empty.pdf', ''),
    },
  },
  {
    example: 'FILE_NOT_FOUND',
    operationId: 'deleteAgentFile',
    persona: p.starter,
    request: { params: { id: unknownId } },
  },
  {
    example: 'APPLICATION_NOT_FOUND',
    operationId: 'approveAgentApplication',
    persona: p.admin,
    request: { params: { id: unknownId } },
  },
  {
    example: 'INVALID_APPLICATION_STATE',
    operationId: 'approveAgentApplication',
    persona: p.admin,
    request: { params: { id: 'agent-fleet' } },
  },
  {
    example: 'SHARING_NOT_FOUND',
    operationId: 'suspendSharing',
    persona: p.admin,
    request: { params: { id: unknownId } },
  },
  {
    example: 'INVALID_SHARING_STATE',
    operationId: 'suspendSharing',
    persona: p.admin,
    request: { params: { id: 'inv-owner-paused' } },
  },
  {
    example: 'PERSONA_NOT_FOUND',
    operationId: 'switchSimulationPersona',
    request: { body: { email: 'nobody@example.com' } },
  },
  {
    example: 'SNAPSHOT_NOT_FOUND',
    operationId: 'deleteSimulationSnapshot',
    persona: p.admin,
    request: { params: { name: 'never-saved' } },
  },
  {
    example: 'SNAPSHOT_LIMIT',
    operationId: 'createSimulationSnapshot',
    persona: p.admin,
    request: { body: { name: 'one-too-many' } },
    before: async (context) => {
      for (let i = 0; i < 20; i++)
        await context.call('createSimulationSnapshot', { body: { name: `limit-${i}` } }, p.admin);
    },
  },
  {
    example: 'DOCUMENT_NOT_FOUND',
    operationId: 'getTermsDocument',
    request: { params: { document: '1999-01_user_en.pdf' } },
  },
  {
    example: 'UNSUPPORTED_MEDIA_TYPE',
    operationId: 'createInvitation',
    persona: p.owner,
    request: { raw: { contentType: 'text/plain', data: 'prod-veh-1' } },
  },
  {
    example: 'BODY_TOO_LARGE',
    operationId: 'createInvitation',
    persona: p.owner,
    request: { raw: { contentType: 'application/json', data: `["${'x'.repeat(1024 * 1024)}"]` } },
  },
  {
    example: 'IDEMPOTENCY_KEY_REUSED',
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
];

/** Error examples no request can produce on demand, with the reason (reviewed). */
export const unproducibleErrors: Record<string, string> = {
  REQUEST_TIMEOUT:
    "a body that stalls past the server's request time limit (120 s by default); produced by the server's fuzz suite and connection tests with short limits",
  HEADERS_TOO_LARGE:
    "answered by the HTTP layer before any operation is reached, and the connection is closed; produced by the server's connection tests",
  SIMULATION_DISABLED:
    'answers only in production mode, where the simulator that resets the data is off; compared with the answer by the production-mode test of server/src/simulator/routes/simulation-routes.test.ts',
};
