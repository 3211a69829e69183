// The mixed workload: the calls the web app makes for signed-in sessions of each role, replayed by
// 50 concurrent users. Each connection plays one user's visit at a time (ten calls: the page's loads,
// a list scrolled with paging and searched with `q`, two writes: 20 %), then the next user's.
// Roles by visits: 4 in 10 data owners, 3 companies (connected users), 1 admin, 2 companies filling
// in their registration. Each visit holds a slot (a session and the objects its writes touch) that no
// other connection uses meanwhile, so writes never collide with each other.
import { personas as p } from '@portal/conformance/personas';
import { pdfUpload } from './api-operations.ts';
import { authorizationUrl, type Browser, personaSession, pool, signUp } from './browser.ts';
import type { LoadRequest, SessionScript } from './load.ts';

export const VISIT_LENGTH = 10;
type Role = 'owner' | 'company' | 'admin' | 'registering';
const VISIT_ORDER: readonly Role[] = [
  'owner',
  'company',
  'owner',
  'registering',
  'owner',
  'company',
  'admin',
  'owner',
  'company',
  'registering',
];

interface Slot {
  role: Role;
  cookie: string;
  persona: string;
  /** owner: a product that collects data; company: connected invitations it may download; admin: its sharing. */
  ids: string[];
  /** Products body of a new invitation (owners). */
  share?: unknown;
}

export interface MixedSlots {
  slots: Slot[];
}

interface Setup {
  origin: string;
  headers: Record<string, string>;
  as(persona: string): Browser;
  unique(prefix: string): string;
}

async function getJson<T>(browser: Browser, url: string): Promise<T> {
  const answer = await browser.request('GET', url);
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}: ${answer.text}`);
  return JSON.parse(answer.text) as T;
}

async function sendJson<T>(browser: Browser, method: string, url: string, body?: unknown): Promise<T> {
  const answer = await browser.request(method, url, body === undefined ? {} : { json: body });
  if (answer.status >= 300) throw new Error(`${method} ${url} answered ${answer.status}: ${answer.text}`);
  return (answer.text ? JSON.parse(answer.text) : undefined) as T;
}

/**
 * Sessions and objects for `perRole` concurrent visits of every role: sessions of owner@ and second@,
 * of fleet@, of admin@ (each with an accepted sharing of its own to pause and resume), and new
 * companies that have not registered yet.
 */
export async function prepareMixedSlots(setup: Setup, perRole: number): Promise<MixedSlots> {
  const session = (email: string) => personaSession(setup.origin, email, setup.headers);
  const cookieOf = (browser: Browser) => browser.cookieHeader('/api/v1/');
  const slots: Slot[] = [];
  for (const owner of [p.owner, p.second]) {
    const products = await getJson<{ vehicles: ProductView[]; wallboxes: ProductView[] }>(
      setup.as(owner),
      '/api/v1/products',
    );
    const collecting = [...products.vehicles, ...products.wallboxes].filter((x) => x.dataCollectionEnabled);
    const share = collecting.slice(0, 2).map((x) => ({ productId: x.id, includeSensitiveData: false }));
    const sessions = await pool(Array.from({ length: Math.ceil(perRole / 2) }), 8, () => session(owner));
    for (const browser of sessions) {
      slots.push({
        role: 'owner',
        cookie: cookieOf(browser),
        persona: owner,
        ids: collecting.map((x) => x.id),
        share,
      });
    }
  }
  const connected = (
    await getJson<Array<{ invitationId: string }>>(setup.as(p.fleet), '/api/v1/agents/invitations/ACTIVE')
  ).map((x) => ({ id: x.invitationId }));
  for (const browser of await pool(Array.from({ length: perRole }), 8, () => session(p.fleet))) {
    slots.push({
      role: 'company',
      cookie: cookieOf(browser),
      persona: p.fleet,
      ids: connected.map((x) => x.id),
    });
  }
  const share = (
    await getJson<{ vehicles: ProductView[] }>(setup.as(p.owner), '/api/v1/products')
  ).vehicles.filter((x) => x.dataCollectionEnabled);
  const sharings = await pool(Array.from({ length: perRole }), 8, async () => {
    const { code } = await sendJson<{ code: string }>(setup.as(p.owner), 'POST', '/api/v1/invitations', [
      { productId: share[0]?.id, includeSensitiveData: false },
    ]);
    const { invitationId } = await sendJson<{ invitationId: string }>(
      setup.as(p.fleet),
      'PUT',
      `/api/v1/invitations/redeem/${code}`,
    );
    await sendJson(setup.as(p.owner), 'PUT', `/api/v1/invitations/${invitationId}/redeem/accept`);
    return invitationId;
  });
  const admins = await pool(sharings, 8, async (id) => ({ browser: await session(p.admin), id }));
  for (const { browser, id } of admins) {
    slots.push({ role: 'admin', cookie: cookieOf(browser), persona: p.admin, ids: [id] });
  }
  const authorize = await authorizationUrl(setup.origin, setup.headers);
  const companies = await pool(Array.from({ length: perRole }), 8, async () => {
    const email = `${setup.unique('bench-mix')}@bench.example`;
    await signUp(setup.origin, authorize, 'agent', email, setup.headers);
    return { email, browser: await session(email) };
  });
  for (const { email, browser } of companies) {
    slots.push({ role: 'registering', cookie: cookieOf(browser), persona: email, ids: [] });
  }
  return { slots };
}
interface ProductView {
  id: string;
  dataCollectionEnabled: boolean;
}

/** The visit's calls, in order, for one role. `next` is the URL a list's `Link: rel="next"` gave. */
function call(
  slot: Slot,
  step: number,
  state: { next?: string; fileId?: string; turn: number },
): Omit<LoadRequest, 'headers'> {
  const get = (path: string) => ({ method: 'GET', path });
  const pick = (list: string[]) => list[state.turn % Math.max(1, list.length)] ?? 'none';
  const common = [get('/api/v1/config'), get('/api/v1/users/me')];
  if (step < 2) return common[step] as Omit<LoadRequest, 'headers'>;
  switch (slot.role) {
    case 'owner':
      return [
        get('/api/v1/products'),
        get('/api/v1/products/download/jobs'),
        get('/api/v1/invitations/claimed/ALL?limit=50'),
        get('/api/v1/invitations/unclaimed/ALL?limit=50'),
        get(state.next ?? '/api/v1/invitations/unclaimed/ALL?limit=50&q=veh'),
        get('/api/v1/invitations/claimed/ALL?limit=50&q=fleet'),
        { method: 'POST', path: '/api/v1/invitations', body: JSON.stringify(slot.share) },
        { method: 'POST', path: `/api/v1/products/${pick(slot.ids)}/download` },
      ][step - 2] as Omit<LoadRequest, 'headers'>;
    case 'company':
      return [
        get('/api/v1/agents'),
        get('/api/v1/agents/invitations/ALL?limit=50'),
        get(state.next ?? '/api/v1/agents/invitations/ALL?limit=50&q=owner'),
        get('/api/v1/agents/invitations/ALL?limit=50&q=second'),
        get(`/api/v1/agents/invitations/${pick(slot.ids)}/permissions`),
        get('/api/v1/products/download/jobs'),
        { method: 'POST', path: `/api/v1/agents/invites/${pick(slot.ids)}/download` },
        { method: 'POST', path: `/api/v1/agents/invites/${pick(slot.ids.slice(1))}/download` },
      ][step - 2] as Omit<LoadRequest, 'headers'>;
    case 'admin':
      return [
        get('/api/v1/admin/applications?limit=50'),
        get(state.next ?? '/api/v1/admin/applications?limit=50&q=mobility'),
        get('/api/v1/admin/sharings?limit=50'),
        get('/api/v1/admin/sharings?limit=50&q=owner'),
        get('/api/v1/admin/applications?status=pending&limit=50'),
        get('/api/v1/admin/sharings?limit=50&q=fleet'),
        { method: 'PUT', path: `/api/v1/admin/sharings/${slot.ids[0]}/suspend` },
        { method: 'PUT', path: `/api/v1/admin/sharings/${slot.ids[0]}/resume` },
      ][step - 2] as Omit<LoadRequest, 'headers'>;
    case 'registering':
      return [
        get('/api/v1/agents'),
        get('/api/v1/agents/files'),
        { method: 'POST', path: '/api/v1/agents/files/upload/section/REGISTRATION', body: pdfUpload.data },
        get('/api/v1/agents/files'),
        { method: 'DELETE', path: `/api/v1/agents/file/${state.fileId ?? 'none'}` },
        get('/api/v1/agents/files'),
        get('/api/v1/agents'),
        get('/api/v1/config'),
      ][step - 2] as Omit<LoadRequest, 'headers'>;
  }
}

/** Where a list call's answer names its next page (owner step 5, company step 3, admin step 2). */
const pagedStep: Record<Role, number> = { owner: 5, company: 3, admin: 2, registering: -1 };
/** The registering company's upload: the only answer whose body the visit reads (the file's id). */
const UPLOAD_STEP = 4;

/** The mixed workload as autocannon replays it, against `origin` (the portal or Prism). */
export function mixedScript(
  mixed: MixedSlots,
  origin: string,
  headers: Record<string, string>,
): SessionScript {
  const free: Record<Role, Slot[]> = { owner: [], company: [], admin: [], registering: [] };
  for (const slot of mixed.slots) free[slot.role].push(slot);
  let visits = 0;
  const take = (): Slot => {
    for (let tries = 0; tries < VISIT_ORDER.length; tries++) {
      const role = VISIT_ORDER[visits++ % VISIT_ORDER.length] as Role;
      const slot = free[role].pop();
      if (slot) return slot;
    }
    throw new Error('more concurrent visits than prepared slots');
  };
  return {
    length: VISIT_LENGTH,
    next(step, context) {
      if (step === 0 || !context.slot) {
        context.slot = take();
        context.state = { turn: visits };
      }
      const slot = context.slot as Slot;
      const request = call(slot, step, context.state as { turn: number });
      const sent: Record<string, string> = { ...headers, cookie: slot.cookie, 'x-user-id': slot.persona };
      if (request.method !== 'GET') sent.origin = origin;
      if (request.body !== undefined) {
        sent['content-type'] = slot.role === 'registering' ? pdfUpload.contentType : 'application/json';
      }
      return { ...request, headers: sent };
    },
    answered(step, { status, body, headers: answerHeaders }, context) {
      const slot = context.slot as Slot | undefined;
      const state = context.state as { next?: string; fileId?: string } | undefined;
      if (!slot || !state) return;
      if (step === pagedStep[slot.role] && status === 200) {
        const link = String(answerHeaders.link ?? answerHeaders.Link ?? '');
        const next = /<([^>]+)>;\s*rel="?next"?/.exec(link)?.[1];
        if (next) state.next = next.startsWith('http') ? new URL(next).pathname + new URL(next).search : next;
      }
      if (slot.role === 'registering' && step === UPLOAD_STEP && status === 201) {
        // The uploaded file, deleted two calls later.
        const uploaded = JSON.parse(body) as { id: string } | Array<{ id: string }>;
        state.fileId = Array.isArray(uploaded) ? uploaded[0]?.id : uploaded.id;
      }
      if (step === VISIT_LENGTH - 1) free[slot.role].push(slot);
    },
    readsBody: (step) => step === UPLOAD_STEP,
  };
}
