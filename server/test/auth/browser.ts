import { accountButton, loginUrlFromCallback } from '@portal/test-support/sign-in-page';
import { CookieJar } from 'tough-cookie';
import type { TestApp } from '../app.ts';

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
  // A real browser's cookie rules (path, expiry, Max-Age, Secure): tough-cookie's jar.
  const jar = new CookieJar();

  async function request(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
    // Every address the provider names (its own host:port included) is this one portal's origin.
    const absolute = new URL(url, origin);
    const target = new URL(`${absolute.pathname}${absolute.search}`, origin);
    const cookie = jar.getCookieStringSync(target.href);
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
    for (const header of setCookies) jar.setCookieSync(header, target.href);
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
    cookie: (name: string) =>
      jar.getCookiesSync(origin, { allPaths: true }).find((c) => c.key === name)?.value,
    setCookie: (name: string, value: string, path = '/') =>
      jar.setCookieSync(`${name}=${value}; Path=${path}`, new URL(path, origin).href),
    clear: () => jar.removeAllCookiesSync(),
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
