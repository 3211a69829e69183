import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAGE_ELEMENT_IDS } from '@portal/contract/web-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpResponse, injectFault, useTestApp } from '../../test/app.ts';
import { createSession } from '../auth/sessions.ts';

// A signed-in page drawn by the server: the web build's server entry (here a stand-in) draws any route
// and asks this server for each GET call it makes, with the visitor's cookies; the page carries what it
// was drawn from. Never while a fault waits for a call, after a refused call, or when the render fails.
describe('a signed-in page drawn by the server', () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-render-'));
  const placeholder = '<div id="root"><div class="loading-screen"><svg></svg></div></div>\n';
  const files = {
    'index.html':
      '<!doctype html><html><head><title>Portal</title>' +
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">\n</head>' +
      `<body>${placeholder}</body></html>`,
    'route-preloads.json': JSON.stringify({
      '/products': { modules: ['/assets/products-page-abc.js'], styles: ['/assets/products-page-abc.css'] },
    }),
    'assets/index-abc.css': '.app-shell{display:grid}',
    'assets/products-page-abc.css': '.products-page{gap:1rem}',
    // Asks for the calls its URL names (`?calls=/a,/b`; `POST:/a` for another method) and echoes its
    // input and their answers; a language named "fail", "partial" or "none" stands for a render that
    // failed, one with a failed part, and a page it leaves to the app.
    'ssr/signed-in-render.js': `export async function renderSignedInPage(input) {
      if (input.language === 'fail') throw new Error('render failed');
      if (input.language === 'partial') return { markup: '<main><!--$!--><template></template></main>', state: {}, language: 'en' };
      if (input.language === 'none') return null;
      const calls = new URL(input.url, 'http://portal.invalid').searchParams.get('calls')?.split(',') ?? [];
      const answers = {};
      for (const call of calls) {
        const [method, url] = call.includes(':') ? call.split(':') : ['GET', call];
        const answer = await input.fetch(new Request('http://portal.invalid' + url, { method }));
        answers[url] = { status: answer.status, total: answer.headers.get('x-total-count'), body: await answer.json() };
      }
      const echo = { url: input.url, user: input.user, language: input.language, answers };
      return {
        markup: '<main data-input="' + encodeURIComponent(JSON.stringify(echo)) + '">drawn</main>',
        language: input.language ?? 'en',
        state: { queries: [{ queryHash: 'x', state: { data: '</script><script>alert(1)</script>' } }], mutations: [] },
      };
    }`,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(webDist, name)), { recursive: true });
    writeFileSync(path.join(webDist, name), text);
  }
  const t = useTestApp({ config: { webDist } });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const email of ['owner@example.com', 'fleet@example.com']) {
      const user = await t.prisma.user.findUniqueOrThrow({ where: { email } });
      tokens.set(email, (await createSession(t.app.portal, user.id)).token);
    }
  });
  const get = (url: string, email: string, cookies: Record<string, string> = {}, headers = {}) =>
    t.http({
      method: 'GET',
      url,
      headers,
      cookies: { [t.config.session.cookieName]: tokens.get(email) ?? '', ...cookies },
    });
  /** What the stand-in render was given and was answered, or undefined when the page was not drawn. */
  const renderEcho = (page: HttpResponse) => {
    const encoded = page.body.match(/<main data-input="([^"]*)">drawn<\/main>/)?.[1];
    return encoded === undefined ? undefined : JSON.parse(decodeURIComponent(encoded));
  };
  const embeddedState = (page: HttpResponse): unknown => {
    const match = page.body.match(
      new RegExp(
        `<script type="application/json" id="${PAGE_ELEMENT_IDS.firstPageState}">(.*?)</script>`,
        's',
      ),
    );
    return match?.[1] === undefined ? undefined : JSON.parse(match[1]);
  };
  const expectNotDrawn = (page: HttpResponse) => {
    expect(page.statusCode).toBe(200);
    expect(renderEcho(page)).toBeUndefined();
    expect(embeddedState(page)).toBeUndefined();
    expect(page.body).toContain(placeholder);
    // The app asks for the configuration first: it is preloaded.
    expect(page.body).toContain('as="fetch" crossorigin="use-credentials" href="/api/v1/config"');
  };

  it('draws a page from the answers of the calls it makes, as this server answers the visitor', async () => {
    const url = '/agents?tab=invitations&calls=/api/v1/products,/api/v1/invitations/unclaimed/ALL?limit=2';
    const page = await get(url, 'owner@example.com');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const echo = renderEcho(page);
    expect(echo).toMatchObject({ url, language: null, user: { email: 'owner@example.com', role: 'user' } });
    expect(echo.answers['/api/v1/products']).toEqual({
      status: 200,
      total: null,
      body: (await get('/api/v1/products', 'owner@example.com')).json(),
    });
    // A paged list's headers come along (the app reads the total and the next page from them).
    const links = await get('/api/v1/invitations/unclaimed/ALL?limit=2', 'owner@example.com');
    expect(echo.answers['/api/v1/invitations/unclaimed/ALL?limit=2']).toEqual({
      status: 200,
      total: links.headers['x-total-count'],
      body: links.json(),
    });
    expect(page.body).not.toContain(placeholder);
    // What the page was drawn from travels with it, written so that it cannot end its element.
    expect(embeddedState(page)).toEqual({
      queries: [{ queryHash: 'x', state: { data: '</script><script>alert(1)</script>' } }],
      mutations: [],
    });
    expect(page.body).not.toContain('<script>alert(1)');
    // Another visitor's page is drawn from that visitor's answers.
    const company = renderEcho(await get('/users?calls=/api/v1/agents/invitations/ALL', 'fleet@example.com'));
    expect(company.answers['/api/v1/agents/invitations/ALL'].status).toBe(200);
  });

  it('carries its rules inline and asks for its scripts after the first paint, asking for no data', async () => {
    const page = await get('/products', 'owner@example.com');
    // Each file's rules inline; its link, disabled, waits in the after-paint template (below): the app's
    // loader then sees the file in the page and appends no second copy after the page's other rules
    // (which reordered the cascade). Written in the head, Chromium's preload scanner fetched it.
    expect(page.body).toContain('<style>.app-shell{display:grid}</style>');
    expect(page.body).toContain('<style>.products-page{gap:1rem}</style>');
    expect(
      page.body.match(/<link rel="stylesheet"[^>]*>/g)?.every((link) => link.includes(' disabled ')),
    ).toBe(true);
    // The first paint waits for the drawn page to be parsed whole: no paint of a half-parsed card.
    expect(page.body).toContain('<link rel="expect" href="#portal-page-end" blocking="render">');
    expect(page.body).toMatch(/<\/div><template id="portal-page-end"><\/template>\n\s*<\/body>/);
    expect(page.body).not.toContain('as="fetch"');
    expect(page.body).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js">',
    );
    // The app's modules (index.html's and the screen's) are preloaded from an inert template, which the
    // entry adds to the page once it has painted: none is asked for with the HTML (decision 0135).
    expect(page.body).toContain(
      '<template id="portal-after-first-paint"><link rel="stylesheet" disabled href="/assets/index-abc.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/react-abc.js">' +
        '<link rel="stylesheet" disabled href="/assets/products-page-abc.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/products-page-abc.js"></template>\n  </head>',
    );
    expect(page.body.match(/<link /g)).toHaveLength(5); // the template's four and the render's expect
  });

  it('draws in the language the visitor chose, and needs nothing about the width', async () => {
    const page = await get('/products', 'owner@example.com', { portal_language: 'el' });
    expect(renderEcho(page)).toMatchObject({ language: 'el' });
    // <html lang> says the language the page is drawn in from its first paint (a screen reader reads it).
    expect(page.body).toMatch(/^<!doctype html><html lang="el">/);
    expect((await get('/products', 'owner@example.com')).body).toMatch(/^<!doctype html><html lang="en">/);
    // The markup is right at every width by CSS alone: no client hint is asked for.
    expect(page.headers['accept-ch']).toBeUndefined();
  });

  it('compresses the page for a browser that accepts it', async () => {
    const page = await get('/products', 'owner@example.com', {}, { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers.vary).toContain('Accept-Encoding');
    expect(renderEcho(page)).toBeDefined();
  });

  it('leaves the page to the app when the render declines, fails, or makes a call it may not', async () => {
    for (const language of ['none', 'fail', 'partial'])
      expectNotDrawn(await get('/products', 'owner@example.com', { portal_language: language }));
    // Only GET calls of the contract's operations, answered 200.
    for (const calls of ['POST:/api/v1/invitations', '/api/v1/nothing-here', '/api/v1/admin/sharings'])
      expectNotDrawn(await get(`/products?calls=${calls}`, 'owner@example.com'));
  });

  it('leaves the page to the app while a simulated fault waits for one of its calls', async () => {
    await injectFault(t, 'listProducts');
    expectNotDrawn(await get('/products?calls=/api/v1/products', 'owner@example.com'));
    // The fault is still there for the app's own call.
    expect((await get('/api/v1/products', 'owner@example.com')).statusCode).toBe(500);
    expect(renderEcho(await get('/products?calls=/api/v1/products', 'owner@example.com'))).toBeDefined();
  });

  it('never serves the server render as a file', async () => {
    const file = await t.http({ method: 'GET', url: '/ssr/signed-in-render.js' });
    expect(file.body).not.toContain('renderSignedInPage');
  });
});
