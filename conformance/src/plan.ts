import type { RequestSpec } from './contract-operations.ts';
import { newcoRegistration, personas as p } from './personas.ts';
import type { CaseContext, ErrorCase, OperationPlan } from './plan-types.ts';

// Per operation: who calls its example, and how each documented error is produced on the `demo`
// data. The kit derives the rest from the contract (401 without sign-in, 403 for another role,
// 404 for an unknown id, 500 through an injected fault); this table holds what needs knowledge
// of the seeded data. Ids and codes here exist after `POST /api/v1/sim/reset`.

/** A documented error that path parameters cause: its name, status, code and the parameters. */
const byParams = (name: string, status: number, code: string, params: Record<string, string>): ErrorCase => ({
  name,
  status,
  code,
  request: { params },
});

const badOrigin = { headers: { origin: 'https://attacker.example' } };
const csrf = { name: 'from another site', status: 403, code: 'CSRF_REJECTED', request: badOrigin } as const;
const pdf = (name: string): RequestSpec['raw'] => {
  const boundary = 'conformance-boundary';
  const content = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    data: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  };
};
const textFile = {
  contentType: 'multipart/form-data; boundary=b',
  data: '--b\r\nContent-Disposition: form-data; name="file"; filename="notes.pdf"\r\nContent-Type: application/pdf\r\n\r\njust text, not a PDF\r\n--b--\r\n',
};
const largeFile = () => {
  const head =
    '--b\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n';
  return {
    contentType: 'multipart/form-data; boundary=b',
    data: `${head}${'0'.repeat(5 * 1024 * 1024 + 16)}\r\n--b--\r\n`,
  };
};

const newJob = async (context: CaseContext) => {
  const answer = await context.call('createProductDownload', { params: { id: 'prod-veh-1' } }, p.owner);
  return (answer.json as { id: string }).id;
};
const registration = async (context: CaseContext) => ({
  body: newcoRegistration('sme', [
    await context.uploadPdf(p.newco, 'REGISTRATION'),
    await context.uploadPdf(p.newco, 'REPRESENTATIVE'),
    await context.uploadPdf(p.newco, 'SME_CONFIRMATION'),
  ]),
});

const catalogue: OperationPlan = {
  errors: [{ name: 'not in the catalogue', status: 400, request: { params: { document: 'Other.pdf' } } }],
  unreachable: { '404': 'every catalogue name the contract allows exists' },
};
const termsDocument: OperationPlan = {
  errors: [
    { name: 'unknown version', status: 404, request: { params: { document: '1999-01_user_en.pdf' } } },
    { name: 'malformed name', status: 400, request: { params: { document: 'terms.pdf' } } },
  ],
};

export const plan: Record<string, OperationPlan> = {
  getHealth: {},
  getLiveness: {},
  getPortalConfig: {},
  login: {
    errors: [
      {
        name: 'over-long state',
        status: 400,
        code: 'VALIDATION_FAILED',
        request: { query: { state: 's'.repeat(513) } },
      },
      // 120 real sign-ins a minute would lock the kit's own address out of the later sign-in cases.
      {
        name: 'too many sign-ins (injected fault)',
        status: 429,
        code: 'RATE_LIMITED',
        injectFault: { status: 429, code: 'RATE_LIMITED' },
      },
    ],
  },
  logout: { persona: p.owner, anyRole: true, errors: [csrf] },
  getCurrentUser: { persona: p.owner, anyRole: true },
  acceptTerms: {
    persona: p.terms,
    anyRole: true,
    errors: [
      { name: 'terms already accepted', persona: p.owner, status: 409, code: 'TERMS_NOT_PENDING' },
      byParams('malformed terms id', 400, 'VALIDATION_FAILED', { termsId: 'not a version' }),
      csrf,
    ],
  },
  listProducts: { persona: p.owner },
  setProductCollection: {
    persona: p.owner,
    foreign: p.second,
    errors: [
      byParams('already off', 409, 'COLLECTION_UNCHANGED', { id: 'prod-veh-3', action: 'DISABLE' }),
      byParams('unknown action', 400, 'VALIDATION_FAILED', { action: 'TOGGLE' }),
      csrf,
    ],
  },
  listDownloadJobs: { persona: p.second, outsider: p.admin },
  createProductsDownload: {
    persona: p.owner,
    errors: [
      tooManyExports(),
      { name: 'no product collecting', persona: p.empty, status: 409, code: 'NO_PRODUCTS_ENABLED' },
      csrf,
    ],
  },
  createProductDownload: {
    persona: p.owner,
    foreign: p.second,
    errors: [
      tooManyExports(),
      byParams('collection off', 409, 'COLLECTION_DISABLED', { id: 'prod-veh-3' }),
      byParams('malformed id', 400, 'VALIDATION_FAILED', { id: 'bad id!' }),
      csrf,
    ],
  },
  getDownloadLink: {
    persona: p.second,
    outsider: p.admin,
    foreign: p.owner,
    errors: [
      {
        name: 'job still running',
        persona: p.owner,
        status: 409,
        code: 'JOB_NOT_READY',
        prepare: async (context) => ({ params: { jobId: await newJob(context) } }),
      },
      byParams('export deleted after the retention period', 410, 'EXPORT_EXPIRED', {
        jobId: 'job-second-expired',
      }),
      byParams('malformed job id', 400, 'VALIDATION_FAILED', { jobId: 'bad id!' }),
    ],
  },
  downloadExport: {
    persona: p.second,
    foreign: p.owner,
    errors: [
      byParams('malformed token', 400, 'VALIDATION_FAILED', { token: 'short' }),
      { name: 'unknown token', status: 404, request: { params: { token: 'unknownToken_0123456789' } } },
      byParams('link lapsed', 410, 'EXPORT_EXPIRED', { token: 'demo-link-second-lapsed' }),
      {
        ...byParams('sharing paused since the link', 409, 'SHARING_SUSPENDED', {
          token: 'demo-link-saferoad-paused-sharing',
        }),
        persona: p.saferoad,
      },
    ],
  },
  createInvitation: {
    persona: p.owner,
    errors: [
      { name: 'nothing to share', status: 400, code: 'VALIDATION_FAILED', request: { body: [] } },
      {
        name: 'collection off',
        status: 409,
        code: 'COLLECTION_DISABLED',
        request: { body: [{ productId: 'prod-veh-3', includeSensitiveData: false }] },
      },
      {
        name: "another owner's product",
        persona: p.second,
        status: 404,
        code: 'PRODUCT_NOT_FOUND',
        request: { body: [{ productId: 'prod-veh-1', includeSensitiveData: false }] },
      },
      csrf,
    ],
  },
  listClaimedInvitations: {
    persona: p.owner,
    errors: [byParams('unknown filter', 400, 'VALIDATION_FAILED', { filter: 'SOME' })],
  },
  listUnclaimedInvitations: {
    persona: p.owner,
    errors: [byParams('unknown filter', 400, 'VALIDATION_FAILED', { filter: 'SOME' })],
  },
  getInvitationPermissions: { persona: p.owner, foreign: p.second, errors: [malformedId()] },
  listInvitationEvents: { persona: p.owner, foreign: p.second, errors: [malformedId()] },
  decideInvitation: {
    persona: p.owner,
    foreign: p.second,
    errors: [
      byParams('already accepted', 409, 'INVALID_INVITATION_STATE', { id: 'inv-owner-accepted' }),
      byParams('unknown decision', 400, 'VALIDATION_FAILED', { decision: 'maybe' }),
      csrf,
    ],
  },
  revokeInvitation: {
    persona: p.second,
    foreign: p.owner,
    errors: [
      {
        ...byParams('already revoked', 409, 'INVALID_REVOKE_STATE', {
          id: 'inv-owner-revoked-after-claimed',
        }),
        persona: p.owner,
      },
      malformedId(),
      csrf,
    ],
  },
  redeemInvitationCode: {
    persona: p.fleet,
    errors: [
      byParams('wrong code', 400, 'INVALID_CODE', { code: 'AAAA-AAAA-AAAA-AAAA' }),
      { name: 'company not approved', persona: p.pending, status: 403, code: 'AGENT_NOT_ACTIVE' },
      {
        name: 'too many attempts',
        persona: p.chargewise,
        status: 429,
        request: { params: { code: 'BBBB-BBBB-BBBB-BBBB' } },
        repeatBefore: 10,
      },
      csrf,
    ],
  },
  listConnectedInvitations: {
    persona: p.fleet,
    errors: [byParams('unknown filter', 400, 'VALIDATION_FAILED', { filter: 'SOME' })],
  },
  getConnectedInvitationPermissions: { persona: p.fleet, foreign: p.chargewise, errors: [malformedId()] },
  revokeConnectedInvitation: {
    persona: p.fleet,
    foreign: p.chargewise,
    errors: [
      byParams('declined', 409, 'INVALID_REVOKE_STATE', { id: 'inv-second-declined' }),
      malformedId(),
      csrf,
    ],
  },
  createInvitationDownload: {
    persona: p.fleet,
    foreign: p.chargewise,
    errors: [
      tooManyExports(),
      byParams('sharing paused', 409, 'SHARING_SUSPENDED', { invitationId: 'inv-second-paused' }),
      byParams('malformed id', 400, 'VALIDATION_FAILED', { invitationId: 'bad id!' }),
      csrf,
    ],
  },
  getAgentStatus: { persona: p.fleet },
  submitAgentRegistration: {
    persona: p.draft,
    errors: [
      {
        name: 'already registered',
        persona: p.fleet,
        status: 409,
        code: 'REGISTRATION_EXISTS',
        prepare: registration,
      },
      {
        name: 'documents missing',
        status: 400,
        code: 'MISSING_DOCUMENTS',
        request: { body: newcoRegistration('sme', []) },
      },
      csrf,
    ],
  },
  listAgentFiles: { persona: p.fleet },
  uploadAgentFiles: {
    persona: p.newco,
    request: { raw: pdf('registry-extract.pdf') },
    errors: [
      { name: 'not a PDF or PNG', status: 415, code: 'FILE_TYPE_NOT_ALLOWED', request: { raw: textFile } },
      { name: 'larger than 5 MB', status: 413, code: 'FILE_TOO_LARGE', request: { raw: largeFile() } },
      { name: 'registration submitted', persona: p.pending, status: 409, code: 'REGISTRATION_LOCKED' },
      byParams('unknown section', 400, 'VALIDATION_FAILED', { section: 'OTHER' }),
      csrf,
    ],
  },
  deleteAgentFile: {
    persona: p.starter,
    errors: [
      {
        name: 'registration submitted',
        persona: p.pending,
        status: 409,
        code: 'REGISTRATION_LOCKED',
        request: { params: { id: 'file-pending-1' } },
      },
      malformedId(),
      csrf,
    ],
  },
  listAgentApplications: {
    persona: p.admin,
    errors: [
      {
        name: 'unknown status',
        status: 400,
        code: 'VALIDATION_FAILED',
        request: { query: { status: 'lost' } },
      },
    ],
  },
  downloadApplicationFile: { persona: p.admin, errors: [malformedId()] },
  approveAgentApplication: {
    persona: p.admin,
    errors: [
      byParams('already active', 409, 'INVALID_APPLICATION_STATE', { id: 'agent-fleet' }),
      malformedId(),
      csrf,
    ],
  },
  rejectAgentApplication: {
    persona: p.admin,
    errors: [
      byParams('already active', 409, 'INVALID_APPLICATION_STATE', { id: 'agent-fleet' }),
      malformedId(),
      csrf,
    ],
  },
  listSharings: { persona: p.admin },
  suspendSharing: {
    persona: p.admin,
    errors: [
      byParams('already paused', 409, 'INVALID_SHARING_STATE', { id: 'inv-owner-paused' }),
      malformedId(),
      csrf,
    ],
  },
  resumeSharing: {
    persona: p.admin,
    errors: [
      byParams('not paused', 409, 'INVALID_SHARING_STATE', { id: 'inv-owner-accepted' }),
      malformedId(),
      csrf,
    ],
  },
  resetSimulation: {
    persona: p.admin,
    anyRole: true,
    errors: [
      {
        name: 'unknown scenario',
        status: 400,
        code: 'VALIDATION_FAILED',
        request: { body: { scenario: 'nowhere' } },
      },
      csrf,
    ],
    unreachable: simulatorOnly(),
  },
  listScenarios: { persona: p.admin, anyRole: true, unreachable: simulatorOnly() },
  listContractDrift: { persona: p.admin, anyRole: true, unreachable: simulatorOnly() },
  getSimulationClock: { persona: p.admin, anyRole: true, unreachable: simulatorOnly() },
  setSimulationClock: {
    persona: p.admin,
    anyRole: true,
    errors: [
      { name: 'speed below 0.1', status: 400, code: 'VALIDATION_FAILED', request: { body: { speed: 0 } } },
      csrf,
    ],
    unreachable: simulatorOnly(),
  },
  listFaults: { persona: p.admin, anyRole: true, unreachable: simulatorOnly() },
  injectFault: {
    persona: p.admin,
    anyRole: true,
    errors: [
      {
        name: 'unknown operation',
        status: 400,
        request: { body: { operationId: 'noSuchOperation', status: 500, count: 1 } },
      },
      csrf,
    ],
    unreachable: simulatorOnly(),
  },
  clearFaults: { persona: p.admin, anyRole: true, errors: [csrf], unreachable: simulatorOnly() },
  listSimulationOperations: { persona: p.admin, anyRole: true, unreachable: simulatorOnly() },
  listSimulationPersonas: { persona: p.admin, anyRole: true, unreachable: simulatorOnly() },
  listSimulationSnapshots: { persona: p.admin, anyRole: true, unreachable: simulatorOnly() },
  listSimulationCalls: { persona: p.admin, anyRole: true, unreachable: simulatorOnly() },
  clearSimulationCalls: { persona: p.admin, anyRole: true, errors: [csrf], unreachable: simulatorOnly() },
  getSimulationSandbox: {
    persona: p.admin,
    anyRole: true,
    errors: [malformedSandbox()],
    unreachable: simulatorOnly(),
  },
  leaveSimulationSandbox: {
    persona: p.admin,
    anyRole: true,
    errors: [malformedSandbox(), csrf],
    unreachable: simulatorOnly(),
  },
  deleteSimulationSnapshot: snapshotPlan(),
  restoreSimulationSnapshot: snapshotPlan(),
  getUserGuide: {
    errors: [unchangedSinceFetched('getUserGuide')],
    unreachable: { '404': 'the user guide is always generated' },
  },
  headUserGuide: {
    errors: [unchangedSinceFetched('getUserGuide')],
    unreachable: { '404': 'the user guide is always generated' },
  },
  getCatalogue: catalogue,
  headCatalogue: catalogue,
  getTermsDocument: termsDocument,
  headTermsDocument: termsDocument,
};

/** The reference server's limit is 5 downloads waiting per user (`EXPORTS_PER_USER`); the sixth is refused. */
function tooManyExports() {
  return { name: 'six downloads waiting at once', status: 429, code: 'TOO_MANY_EXPORTS', repeatBefore: 5 };
}

function malformedId() {
  return byParams('malformed id', 400, 'VALIDATION_FAILED', { id: 'bad id!' });
}

function malformedSandbox() {
  return {
    name: 'malformed X-Sandbox header',
    status: 400,
    code: 'VALIDATION_FAILED',
    request: { headers: { 'X-Sandbox': 'not a sandbox name!' } },
  };
}

/** Delete and restore act on a snapshot saved just before; 404 is the snapshot's own error here. */
function snapshotPlan(): OperationPlan {
  const saved = async (context: CaseContext) => {
    await context.call('createSimulationSnapshot', { body: { name: 'conformance' } }, p.admin);
    return { params: { name: 'conformance' } };
  };
  return {
    persona: p.admin,
    anyRole: true,
    prepare: saved,
    errors: [
      byParams('no such snapshot', 404, 'SNAPSHOT_NOT_FOUND', { name: 'never-saved' }),
      byParams('malformed name', 400, 'VALIDATION_FAILED', { name: '-bad!' }),
      { ...csrf, prepare: saved },
    ],
    unreachable: {
      '500': 'the simulator injects no faults into its own operations',
      '503': 'the simulator injects no faults into its own operations',
    },
  };
}

/** A conditional request with the ETag of the copy fetched just before: 304, no body. */
function unchangedSinceFetched(operationId: string): ErrorCase {
  return {
    name: 'the copy held is current',
    status: 304,
    prepare: async (context) => {
      const first = await context.call(operationId, {});
      return { headers: { 'if-none-match': first.headers.get('etag') ?? '' } };
    },
  };
}

function simulatorOnly() {
  return {
    '404': 'SIMULATION_DISABLED answers only in production mode',
    '500': 'the simulator injects no faults into its own operations',
    '503': 'the simulator injects no faults into its own operations',
  };
}
