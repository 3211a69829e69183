// The benchmark's way into the portal, as a front-end team gets in: a cookie-keeping browser over
// fetch that signs a persona in through the sign-in flow (the portal's OpenID Connect redirects and
// the built-in provider's account page), signs new people and companies up on that page, and asks
// for the simulator's persona switch (the panel's "sign in as").
import { accountButton, loginUrlFromCallback } from '@portal/test-support/sign-in-page';
import { CookieJar } from 'tough-cookie';

export interface BrowserAnswer {
  status: number;
  location: string | undefined;
  headers: Headers;
  text: string;
}

export interface Browser {
  request(
    method: string,
    url: string,
    options?: {
      form?: Record<string, string>;
      json?: unknown;
      raw?: { contentType: string; data: string | Uint8Array };
      headers?: Record<string, string>;
    },
  ): Promise<BrowserAnswer>;
  /** `name=value; ...` of the cookies sent to `path`. */
  cookieHeader(path?: string): string;
  cookie(name: string): string | undefined;
}

/** `origin` is where requests go; `publicUrl` the portal's public address its redirects name. */
export function createBrowser(origin: string, extraHeaders: Record<string, string> = {}): Browser {
  // A real browser's cookie rules (path, expiry, Max-Age, Secure): tough-cookie's jar.
  const jar = new CookieJar();
  const cookieHeader = (path = '/') => jar.getCookieStringSync(new URL(path, origin).href);
  return {
    cookieHeader,
    cookie: (name) => jar.getCookiesSync(origin, { allPaths: true }).find((c) => c.key === name)?.value,
    async request(method, url, options = {}) {
      // Redirects name the public URL; the requests, and the cookies, still go to `origin`.
      const absolute = new URL(url, origin);
      const target = new URL(`${absolute.pathname}${absolute.search}`, origin);
      const cookie = cookieHeader(`${target.pathname}${target.search}`);
      const headers: Record<string, string> = { origin, ...extraHeaders, ...options.headers };
      if (cookie) headers.cookie = cookie;
      let body: string | Uint8Array | undefined;
      if (options.raw) {
        headers['content-type'] = options.raw.contentType;
        body = options.raw.data;
      } else if (options.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(options.form).toString();
      } else if (options.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.json);
      }
      const response = await fetch(target, {
        method,
        headers,
        body,
        redirect: 'manual',
      });
      for (const line of response.headers.getSetCookie()) jar.setCookieSync(line, target.href);
      return {
        status: response.status,
        location: response.headers.get('location') ?? undefined,
        headers: response.headers,
        text: await response.text(),
      };
    },
  };
}

function expectRedirect(answer: BrowserAnswer, status: number, step: string): string {
  if (answer.status !== status || !answer.location) {
    throw new Error(`${step} answered ${answer.status} instead of ${status}: ${answer.text.slice(0, 300)}`);
  }
  return answer.location;
}

/** Starts a session of `email` at the portal at `origin` (extra request headers, such as a sandbox's). */
type StartSession = (origin: string, email: string, headers?: Record<string, string>) => Promise<Browser>;

/**
 * Signs `email` in the way the web app does: `GET /api/v1/login`, the provider's account page, the
 * account button, the provider's redirects, then the web app's callback handed to the login endpoint.
 * Answers the browser, holding the `portal_session` cookie.
 */
export const signIn: StartSession = async (origin, email, headers) => {
  const browser = createBrowser(origin, headers);
  const authorize = expectRedirect(await browser.request('GET', '/api/v1/login'), 302, 'login');
  const interaction = expectRedirect(await browser.request('GET', authorize), 303, 'authorize');
  const page = await browser.request('GET', interaction);
  const { action, accountId } = accountButton(page.text, email);
  const submitted = expectRedirect(
    await browser.request('POST', action, { form: { intent: 'choose', accountId } }),
    303,
    'account button',
  );
  const callback = expectRedirect(await browser.request('GET', submitted), 303, 'resume');
  const done = await browser.request('GET', loginUrlFromCallback(callback));
  return withSession(browser, done, 302, `sign-in of ${email}`);
};

/**
 * The provider's authorisation address of one sign-in started at the portal: each visit opens a new
 * account page, so one start serves any number of sign-ups (the portal's login endpoint, limited to
 * 120 calls a minute per address, is called once).
 */
export async function authorizationUrl(origin: string, headers?: Record<string, string>): Promise<string> {
  return expectRedirect(await createBrowser(origin, headers).request('GET', '/api/v1/login'), 302, 'login');
}

/** Signs a new person (`user`) or company (`agent`) up on the provider's page; the account exists after. */
export async function signUp(
  origin: string,
  authorize: string,
  kind: 'user' | 'agent',
  email: string,
  headers?: Record<string, string>,
): Promise<void> {
  const browser = createBrowser(origin, headers);
  const interaction = expectRedirect(await browser.request('GET', authorize), 303, 'authorize');
  const fullName = kind === 'user' ? 'Bench Person' : 'Bench Contact';
  const answer = await browser.request('POST', interaction, {
    form: { intent: 'sign-up', kind, fullName, email },
  });
  expectRedirect(answer, 303, `sign-up of ${email}`);
}

/** A new session of an existing account through the simulator's persona switch (no old session ended). */
export const personaSession: StartSession = async (origin, email, headers) => {
  const browser = createBrowser(origin, headers);
  const answer = await browser.request('POST', '/api/v1/sim/persona', { json: { email } });
  return withSession(browser, answer, 200, `persona switch to ${email}`);
};

/** The browser, once `answer` (of `step`) came with `status` and left it a session cookie. */
function withSession(browser: Browser, answer: BrowserAnswer, status: number, step: string): Browser {
  if (answer.status !== status || !browser.cookie('portal_session')) {
    throw new Error(`${step} answered ${answer.status} without a session: ${answer.text.slice(0, 300)}`);
  }
  return browser;
}

/** Runs `work` over `items` with at most `concurrency` at a time; answers the results in order. */
export async function pool<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
