// The benchmark's operation list, derived from the contract: every operation with its example's
// request and persona (the conformance kit's plan, the README's persona table), classified as a read
// (timed over and over), a write that can be repeated as it is, a write that needs a fresh object per
// request (made through the API before the timed run), or an operation that cannot be timed, with
// the reason.
import {
  exampleRequest,
  fillPath,
  type Operation,
  type RequestSpec,
} from '@portal/conformance/contract-operations';
import { documentedAnswer } from '@portal/conformance/example-replay';
import { personas as p } from '@portal/conformance/personas';
import { plan } from '@portal/conformance/plan';
import { mergeRequest } from '@portal/conformance/plan-types';
import type { ContractDocument } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import { authorizationUrl, type Browser, createBrowser, personaSession, pool, signUp } from './browser.ts';
import type { LoadRequest } from './load.ts';

/** What fresh objects are made with: the portal's address, signed-in personas, a unique-name source. */
export interface PrepareContext {
  origin: string;
  /** Extra headers of every call (the sandbox's `X-Sandbox`). */
  headers: Record<string, string>;
  /** Signed-in browser of a persona (the sign-in flow, once per benchmark). */
  as(persona: string): Browser;
  /** A name never used before in this benchmark (for new accounts, snapshots). */
  unique(prefix: string): string;
}

export interface BenchOperation {
  operationId: string;
  method: string;
  path: string;
  /** Who calls: the example's persona (unset: nobody signed in). */
  persona?: string;
  /** Statuses that count as the expected answer. */
  expected: number[];
  /** A read, or a write (any other method). */
  kind: 'read' | 'write';
  /** The example request, sent over and over (reads and repeatable writes). */
  request?: RequestSpec;
  /** Makes `count` requests, each on its own fresh object (writes that cannot repeat). */
  fresh?: (context: PrepareContext, count: number) => Promise<LoadRequest[]>;
  /** Most fresh objects one run may use (e.g. sandboxes, whose number is limited). */
  freshMax?: number;
  /** Why the operation is not timed. */
  untimed?: string;
  /** Changes what later operations see beyond the shared world's data (clock, sandboxes). */
  phase: 'product' | 'simulator' | 'last';
}

const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';
const BOUNDARY = 'bench-boundary';

/** A small PDF as the web app uploads it: one `file` part of a multipart form. */
export const pdfUpload = {
  contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  data: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="extract.pdf"\r\nContent-Type: application/pdf\r\n\r\n${PDF}\r\n--${BOUNDARY}--\r\n`,
};

/** Operations that are not timed, and why (reviewed; each reason is printed with the table). */
const untimed: Record<string, string> = {
  login:
    'starts a sign-in: 120 calls a minute per client address (a product rule against sign-in floods); its cost is the sign-in flow the benchmark walks once per persona',
  setProductCollection:
    'waits for the change to complete on the simulation clock (3 s simulated, decision 0006), and a product takes one change at a time; products cannot be made through the API',
};

/** Simulator operations that change the clock for everything after them run last. */
const lastOfAll = new Set(['advanceSimulationClock', 'setSimulationClock', 'resetSimulation']);

/** The request as autocannon sends it, signed in by `cookie` (and the persona header Prism wants). */
export function toLoadRequest(
  method: string,
  path: string,
  spec: RequestSpec,
  signedIn: { cookie?: string; persona?: string; origin: string; headers?: Record<string, string> },
): LoadRequest {
  const url = new URL(fillPath(path, spec.params), 'http://portal');
  for (const [name, value] of Object.entries(spec.query)) url.searchParams.set(name, value);
  const headers: Record<string, string> = { ...signedIn.headers, ...spec.headers };
  // A browser names its origin on every call that may change something (the server's CSRF guard).
  if (method !== 'GET' && method !== 'HEAD') headers.origin = signedIn.origin;
  if (signedIn.cookie) headers.cookie = signedIn.cookie;
  // Prism only checks that a credential is present; the portal ignores the header outside test mode.
  if (signedIn.persona) headers['x-user-id'] = signedIn.persona;
  let body: string | Buffer | undefined;
  if (spec.raw) {
    headers['content-type'] = spec.raw.contentType;
    body = Buffer.from(spec.raw.data);
  } else if (spec.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(spec.body);
  }
  return { method, path: `${url.pathname}${url.search}`, headers, body };
}

async function json<T>(browser: Browser, method: string, url: string, body?: unknown): Promise<T> {
  const answer = await browser.request(method, url, body === undefined ? {} : { json: body });
  if (answer.status >= 300) throw new Error(`${method} ${url} answered ${answer.status}: ${answer.text}`);
  return (answer.text ? JSON.parse(answer.text) : undefined) as T;
}

async function upload(browser: Browser, section: string): Promise<string> {
  const answer = await browser.request('POST', `/api/v1/agents/files/upload/section/${section}`, {
    raw: pdfUpload,
  });
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${answer.text}`);
  const body = JSON.parse(answer.text) as { id: string } | Array<{ id: string }>;
  return Array.isArray(body) ? (body[0]?.id as string) : body.id;
}

const CONCURRENCY = 16;

/** `count` new accounts of a kind, each signed in through the simulator's persona switch. */
async function newAccounts(context: PrepareContext, kind: 'user' | 'agent', count: number) {
  const authorize = await authorizationUrl(context.origin, context.headers);
  const emails = Array.from({ length: count }, () => `${context.unique(`bench-${kind}`)}@bench.example`);
  return pool(emails, CONCURRENCY, async (email) => {
    await signUp(context.origin, authorize, kind, email, context.headers);
    return { email, browser: await personaSession(context.origin, email, context.headers) };
  });
}

/** The example's body of createInvitation, with products of `owner` that collect data. */
async function invitationBody(context: PrepareContext, owner: string) {
  const products = await json<{ vehicles: ProductView[]; wallboxes: ProductView[] }>(
    context.as(owner),
    'GET',
    '/api/v1/products',
  );
  const collecting = [...products.vehicles, ...products.wallboxes].filter(
    (product) => product.dataCollectionEnabled,
  );
  if (collecting.length === 0) throw new Error(`${owner} has no product that collects data`);
  return collecting.slice(0, 2).map((product) => ({ productId: product.id, includeSensitiveData: false }));
}
interface ProductView {
  id: string;
  dataCollectionEnabled: boolean;
}

/**
 * Invitations of `owner` taken as far as `stage` through the API: created by the owner and claimed by
 * fleet@ (its code redeemed), accepted by the owner, paused by the admin. Answers their ids.
 */
async function invitations(
  context: PrepareContext,
  count: number,
  stage: 'claimed' | 'accepted' | 'paused',
  owner: string = p.owner,
): Promise<string[]> {
  const body = await invitationBody(context, owner);
  return pool(Array.from({ length: count }), CONCURRENCY, async () => {
    const { code } = await json<{ code: string }>(context.as(owner), 'POST', '/api/v1/invitations', body);
    const { invitationId: id } = await json<{ invitationId: string }>(
      context.as(p.fleet),
      'PUT',
      `/api/v1/invitations/redeem/${code}`,
    );
    if (stage === 'claimed') return id;
    await json(context.as(owner), 'PUT', `/api/v1/invitations/${id}/redeem/accept`);
    if (stage === 'accepted') return id;
    await json(context.as(p.admin), 'PUT', `/api/v1/admin/sharings/${id}/suspend`);
    return id;
  });
}

/** New companies with the documents a `large` company needs, signed in; answers browsers and file ids. */
async function companiesWithDocuments(context: PrepareContext, count: number) {
  const accounts = await newAccounts(context, 'agent', count);
  return pool(accounts, CONCURRENCY, async (account) => ({
    ...account,
    fileIds: [await upload(account.browser, 'REGISTRATION'), await upload(account.browser, 'REPRESENTATIVE')],
  }));
}

const registration = (email: string, fileIds: string[]) => ({
  legalName: 'Bench Mobility Services S.A.',
  displayName: 'Bench Mobility',
  vatNumber: '123456789',
  country: 'GR',
  site: `https://${email.split('@')[0]}.example.com`,
  type: 'large',
  sanction: false,
  gatekeeper: false,
  representative: { title: 'ms', firstname: 'Bea', surname: 'Bench' },
  fileIds,
});

/** Pending applications of new companies: answers the application ids. */
async function pendingApplications(context: PrepareContext, count: number): Promise<string[]> {
  const companies = await companiesWithDocuments(context, count);
  await pool(companies, CONCURRENCY, (company) =>
    json(company.browser, 'POST', '/api/v1/agents', registration(company.email, company.fileIds)),
  );
  const wanted = new Set(companies.map((company) => company.email));
  const listed = await json<Array<{ id: string; email: string }>>(
    context.as(p.admin),
    'GET',
    '/api/v1/admin/applications?status=pending',
  );
  return listed.filter((application) => wanted.has(application.email)).map((application) => application.id);
}

type Fresh = NonNullable<BenchOperation['fresh']>;

/** One request per fresh object, sent by `persona` (or by the object's own session). */
const perObject =
  (
    operationId: string,
    make: (
      context: PrepareContext,
      count: number,
    ) => Promise<Array<{ spec: Partial<RequestSpec>; by?: Browser }>>,
  ): Fresh =>
  async (context, count) => {
    const operation = operationsById().get(operationId);
    if (!operation) throw new Error(`no operation ${operationId}`);
    const made = await make(context, count);
    return made.map(({ spec, by }) => {
      const request = mergeRequest(operation.request ?? { params: {}, query: {}, headers: {} }, spec);
      const browser = by ?? (operation.persona ? context.as(operation.persona) : undefined);
      return toLoadRequest(operation.method, operation.path, request, {
        cookie: browser?.cookieHeader(fillPath(operation.path, request.params)),
        persona: operation.persona,
        origin: context.origin,
        headers: context.headers,
      });
    });
  };

const byId = (ids: string[], name = 'id') => ids.map((id) => ({ spec: { params: { [name]: id } } }));

/** Writes that cannot repeat as they are: how to make one fresh object per request. */
const freshObjects: Record<string, Fresh> = {
  logout: perObject('logout', async (context, count) =>
    (
      await pool(Array.from({ length: count }), CONCURRENCY, () =>
        personaSession(context.origin, p.owner, context.headers),
      )
    ).map((browser) => ({ spec: {}, by: browser })),
  ),
  acceptTerms: perObject('acceptTerms', async (context, count) =>
    (await newAccounts(context, 'user', count)).map(({ browser }) => ({ spec: {}, by: browser })),
  ),
  redeemInvitationCode: perObject('redeemInvitationCode', async (context, count) => {
    const body = await invitationBody(context, p.owner);
    const codes = await pool(Array.from({ length: count }), CONCURRENCY, async () => {
      const created = await json<{ code: string }>(context.as(p.owner), 'POST', '/api/v1/invitations', body);
      return created.code;
    });
    return codes.map((code) => ({ spec: { params: { code } } }));
  }),
  decideInvitation: perObject('decideInvitation', async (context, count) =>
    byId(await invitations(context, count, 'claimed')),
  ),
  revokeInvitation: perObject('revokeInvitation', async (context, count) =>
    byId(await invitations(context, count, 'claimed', p.second)),
  ),
  revokeConnectedInvitation: perObject('revokeConnectedInvitation', async (context, count) =>
    byId(await invitations(context, count, 'accepted')),
  ),
  suspendSharing: perObject('suspendSharing', async (context, count) =>
    byId(await invitations(context, count, 'accepted')),
  ),
  resumeSharing: perObject('resumeSharing', async (context, count) =>
    byId(await invitations(context, count, 'paused')),
  ),
  approveAgentApplication: perObject('approveAgentApplication', async (context, count) =>
    byId(await pendingApplications(context, count)),
  ),
  rejectAgentApplication: perObject('rejectAgentApplication', async (context, count) =>
    byId(await pendingApplications(context, count)),
  ),
  submitAgentRegistration: perObject('submitAgentRegistration', async (context, count) =>
    (await companiesWithDocuments(context, count)).map((company) => ({
      spec: { body: registration(company.email, company.fileIds) },
      by: company.browser,
    })),
  ),
  // Up to 3 documents per section and company (product rules): each new company takes three.
  uploadAgentFiles: perObject('uploadAgentFiles', async (context, count) =>
    (await newAccounts(context, 'agent', Math.ceil(count / 3)))
      .flatMap(({ browser }) => [browser, browser, browser].map((by) => ({ spec: {}, by })))
      .slice(0, count),
  ),
  deleteAgentFile: perObject('deleteAgentFile', async (context, count) => {
    const accounts = await newAccounts(context, 'agent', Math.ceil(count / 3));
    const files = await pool(
      accounts.flatMap(({ browser }) => [browser, browser, browser]).slice(0, count),
      CONCURRENCY,
      async (browser) => ({ id: await upload(browser, 'REGISTRATION'), browser }),
    );
    return files.map(({ id, browser }) => ({ spec: { params: { id } }, by: browser }));
  }),
  createSimulationSandbox: perObject('createSimulationSandbox', async (_context, count) =>
    Array.from({ length: count }, () => ({ spec: {} })),
  ),
  leaveSimulationSandbox: perObject('leaveSimulationSandbox', async (context, count) => {
    // Each made by a browser of its own: the sandbox cookie it sets must not follow later calls.
    const made = await pool(Array.from({ length: count }), 4, async () => {
      const answer = await json<{ id: string }>(
        createBrowser(context.origin),
        'POST',
        '/api/v1/sim/sandboxes',
        {
          scenario: 'demo',
        },
      );
      return answer.id;
    });
    return made.map((id) => ({ spec: { headers: { 'x-sandbox': id } } }));
  }),
  deleteSimulationSnapshot: perObject('deleteSimulationSnapshot', async (context, count) => {
    const names = Array.from({ length: count }, () => context.unique('bench-snapshot'));
    await pool(names, 4, (name) => json(context.as(p.admin), 'POST', '/api/v1/sim/snapshots', { name }));
    return names.map((name) => ({ spec: { params: { name } } }));
  }),
};

/** At most this many fresh objects per run (each sandbox or snapshot copies a database). */
const freshLimits: Record<string, number> = {
  createSimulationSandbox: 40,
  leaveSimulationSandbox: 40,
  // A world keeps at most 20 snapshots; the benchmark holds two.
  deleteSimulationSnapshot: 15,
};

/** Repeatable writes whose example needs an object first (made once, before the runs). */
const preparedOnce: Record<string, (context: PrepareContext) => Promise<Partial<RequestSpec>>> = {
  restoreSimulationSnapshot: async (context) => {
    await json(context.as(p.admin), 'POST', '/api/v1/sim/snapshots', { name: 'before-approval' });
    return { params: { name: 'before-approval' } };
  },
};

export { preparedOnce };

let cached: Map<string, BenchOperation> | undefined;
let contract: ContractDocument | undefined;

/** Every operation of the contract, in the contract's order. */
export function benchOperations(document: ContractDocument): BenchOperation[] {
  contract = document;
  const list = indexOperations(document).operations.map((operation) => describe(operation));
  cached = new Map(list.map((operation) => [operation.operationId, operation]));
  return list;
}

function operationsById(): Map<string, BenchOperation> {
  if (!cached) {
    if (!contract) throw new Error('benchOperations() first');
    benchOperations(contract);
  }
  return cached as Map<string, BenchOperation>;
}

function describe(operation: Operation): BenchOperation {
  const entry = plan[operation.operationId] ?? {};
  const request = mergeRequest(exampleRequest(operation), entry.request);
  const { status } = documentedAnswer(operation);
  const kind = operation.method === 'GET' || operation.method === 'HEAD' ? 'read' : 'write';
  const base: BenchOperation = {
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    persona: entry.persona,
    expected: [status],
    kind,
    request,
    phase: operation.tags.includes('simulation')
      ? lastOfAll.has(operation.operationId)
        ? 'last'
        : 'simulator'
      : 'product',
  };
  const reason = untimed[operation.operationId];
  if (reason) return { ...base, untimed: reason };
  const fresh = freshObjects[operation.operationId];
  if (fresh) return { ...base, fresh, freshMax: freshLimits[operation.operationId] };
  return base;
}
