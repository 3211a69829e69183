import { accountButton, loginUrlFromCallback } from '@portal/test-support/sign-in-page';
import type { TestApp } from '../app.ts';

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

export interface BrowserResponse {
  status: number;
  location: string | undefined;
  setCookies: string[];
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
}

const defaultOrigin = 'http://localhost:3000';

/**
 * A cookie-keeping browser over the test app's socket: enough to walk the OpenID Connect redirects of a sign-in.
 * `origin` is the portal's public URL; for https it arrives as a proxy would forward it.
 */
export function createBrowser(app: Pick<TestApp, 'http'>, origin = defaultOrigin) {
  const publicUrl = new URL(origin);
  const forwarded =
    publicUrl.protocol === 'https:'
      ? { 'x-forwarded-proto': 'https', 'x-forwarded-host': publicUrl.host }
      : {};
  const jar = new Map<string, StoredCookie>();

  function remember(header: string) {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const attr = (key: string) =>
      attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
    const path = attr('path') ?? '/';
    const expires = attr('expires');
    const gone =
      attr('max-age') === '0' || (expires !== undefined && new Date(expires).getTime() < Date.now());
    const key = `${name};${path}`;
    if (gone || value === '') jar.delete(key);
    else jar.set(key, { name, value, path });
  }

  async function request(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
    const target = new URL(url, origin);
    const cookie = [...jar.values()]
      .filter(
        (c) =>
          target.pathname === c.path ||
          target.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) ||
          c.path === '/',
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const response = await app.http({
      method,
      url: `${target.pathname}${target.search}`,
      headers: {
        ...forwarded,
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    const raw = response.headers['set-cookie'];
    const setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
    for (const header of setCookies) remember(header);
    const location = response.headers.location;
    return {
      status: response.statusCode,
      location: typeof location === 'string' ? location : undefined,
      setCookies,
      body: response.body,
      headers: response.headers,
    } satisfies BrowserResponse;
  }

  return {
    get: (url: string) => request('GET', url),
    post: (url: string, form?: Record<string, string>) => request('POST', url, form),
    cookie: (name: string) => [...jar.values()].find((c) => c.name === name)?.value,
    setCookie: (name: string, value: string, path = '/') => jar.set(`${name};${path}`, { name, value, path }),
    clear: () => jar.clear(),
  };
}

export type Browser = ReturnType<typeof createBrowser>;

/** Start a sign-in and stop on the provider's page: the page's HTML and response. */
export async function openSignInPage(browser: Browser, loginUrl = '/api/v1/login') {
  const start = await browser.get(loginUrl);
  if (start.status !== 302 || !start.location)
    throw new Error(`login did not redirect: ${start.status} ${start.body}`);
  const authorize = await browser.get(start.location);
  if (authorize.status !== 303 || !authorize.location) {
    throw new Error(`authorize did not redirect: ${authorize.status} ${authorize.body}`);
  }
  const page = await browser.get(authorize.location);
  return { start, authorize, page };
}

/** Submit a form on the provider's page and follow the provider's redirects to the web app callback URL. */
export async function submitAndReachCallback(browser: Browser, action: string, form: Record<string, string>) {
  const submitted = await browser.post(action, form);
  if (submitted.status !== 303 || !submitted.location) {
    throw new Error(`provider form did not redirect: ${submitted.status} ${submitted.body}`);
  }
  const resumed = await browser.get(submitted.location);
  if (resumed.status !== 303 || !resumed.location)
    throw new Error(`resume did not redirect: ${resumed.status}`);
  return resumed.location;
}

/** The whole sign-in of a persona up to (not including) the portal's callback: the callback URL. */
export async function callbackFor(browser: Browser, email: string, loginUrl?: string): Promise<string> {
  const { page } = await openSignInPage(browser, loginUrl);
  const { action, accountId } = accountButton(page.body, email);
  return submitAndReachCallback(browser, action, { intent: 'choose', accountId });
}

/** Sign in as a persona through the built-in provider; answers the portal's final response. */
export async function signIn(browser: Browser, email: string) {
  const callback = await callbackFor(browser, email);
  return browser.get(loginUrlFromCallback(callback));
}
