import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpResponse, injectFault, useTestApp } from '../../test/app.ts';
import { createSession } from '../auth/sessions.ts';
import { EMBEDDED_ANSWERS_ID } from './web-app-page.ts';

// A signed-in /products drawn by the server: the web build's server entry (here a stand-in that echoes
// what it was given) renders from the exact answers of the page's first calls, which the page carries;
// never for another role, while a fault waits for a call, or when the render fails.
describe('a signed-in page drawn by the server', () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-render-'));
  const placeholder = '<div id="root"><div class="loading-screen"><svg></svg></div></div>\n';
  const files = {
    'index.html':
      '<!doctype html><html><head><title>Portal</title>' +
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>' +
      `<body>${placeholder}</body></html>`,
    'route-preloads.json': JSON.stringify({
      '/products': { modules: ['/assets/products-page-abc.js'], styles: ['/assets/products-page-abc.css'] },
    }),
    'assets/index-abc.css': '.app-shell{display:grid}',
    'assets/products-page-abc.css': '.products-page{gap:1rem}',
    // Echoes its input; a language named "fail" or "partial" stands for a render that failed.
    'ssr/signed-in-render.js': `export async function renderSignedInPage(input) {
      if (input.language === 'fail') throw new Error('render failed');
      if (input.language === 'partial') return '<main><!--$!--><template></template></main>';
      return '<main data-input="' + encodeURIComponent(JSON.stringify(input)) + '">drawn</main>';
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
  /** What the stand-in render was given, or undefined when the page was not drawn. */
  const renderInput = (page: HttpResponse) => {
    const encoded = page.body.match(/<main data-input="([^"]*)">drawn<\/main>/)?.[1];
    return encoded === undefined ? undefined : JSON.parse(decodeURIComponent(encoded));
  };
  const embeddedAnswers = (page: HttpResponse): unknown => {
    const match = page.body.match(
      new RegExp(`<script type="application/json" id="${EMBEDDED_ANSWERS_ID}">(.*?)</script>`, 's'),
    );
    return match?.[1] === undefined ? undefined : JSON.parse(match[1]);
  };
  const expectNotDrawn = (page: HttpResponse) => {
    expect(page.statusCode).toBe(200);
    expect(renderInput(page)).toBeUndefined();
    expect(embeddedAnswers(page)).toBeUndefined();
    expect(page.body).toContain(placeholder);
  };

  it('draws /products from the exact answers of its first calls, which the page carries', async () => {
    const page = await get('/products', 'owner@example.com', {}, { 'sec-ch-ua-mobile': '?1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const answers: Record<string, unknown> = {};
    for (const call of ['/api/v1/config', '/api/v1/products', '/api/v1/products/download/jobs']) {
      const answer = await get(call, 'owner@example.com');
      expect(answer.statusCode).toBe(200);
      answers[call] = answer.json();
    }
    const input = renderInput(page);
    expect(input).toMatchObject({ pathname: '/products', answers, device: 'mobile', language: 'en' });
    expect(input.user).toMatchObject({ email: 'owner@example.com', role: 'user' });
    expect(embeddedAnswers(page)).toEqual(answers);
    expect(page.body).not.toContain(placeholder);
  });

  it('carries its rules inline and loads its scripts beside the first paint, asking for no data', async () => {
    const page = await get('/products', 'owner@example.com');
    expect(page.body).toContain('<style>.app-shell{display:grid}</style>');
    expect(page.body).toContain('<style>.products-page{gap:1rem}</style>');
    expect(page.body).not.toContain('rel="stylesheet"');
    expect(page.body).not.toContain('as="fetch"');
    expect(page.body).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js">',
    );
    expect(page.body).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/products-page-abc.js">',
    );
  });

  it('draws in the language the visitor chose, for the layout the browser says it has', async () => {
    const desktop = await get(
      '/products',
      'owner@example.com',
      { portal_language: 'el' },
      {
        'sec-ch-ua-mobile': '?0',
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile',
      },
    );
    expect(renderInput(desktop)).toMatchObject({ language: 'el', device: 'laptop' });
    // A browser that says its width is drawn for it, whatever its kind.
    const narrow = await get(
      '/products',
      'owner@example.com',
      {},
      {
        'sec-ch-viewport-width': '390',
        'sec-ch-ua-mobile': '?0',
      },
    );
    expect(renderInput(narrow)).toMatchObject({ device: 'mobile' });
    const tablet = await get('/products', 'owner@example.com', {}, { 'sec-ch-viewport-width': '800' });
    expect(renderInput(tablet)).toMatchObject({ device: 'tablet' });
    expect(tablet.headers['accept-ch']).toBe('Sec-CH-Viewport-Width');
    const phone = await get(
      '/products',
      'owner@example.com',
      {},
      { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' },
    );
    expect(renderInput(phone)).toMatchObject({ device: 'mobile' });
  });

  it('compresses the page for a browser that accepts it', async () => {
    const page = await get('/products', 'owner@example.com', {}, { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers.vary).toContain('Accept-Encoding');
    expect(renderInput(page)).toBeDefined();
  });

  it('leaves the page to the app for another role, a failed render, or a fault waiting for a call', async () => {
    expectNotDrawn(await get('/products', 'fleet@example.com'));
    for (const language of ['fail', 'partial']) {
      const page = await get('/products', 'owner@example.com', { portal_language: language });
      expectNotDrawn(page);
      expect(page.body).toContain('as="fetch" crossorigin="use-credentials" href="/api/v1/products"');
    }
    await injectFault(t, 'listProducts');
    expectNotDrawn(await get('/products', 'owner@example.com'));
    // The fault is still there for the app's own call.
    expect((await get('/api/v1/products', 'owner@example.com')).statusCode).toBe(500);
    expect(renderInput(await get('/products', 'owner@example.com'))).toBeDefined();
  });

  it('never serves the server render as a file', async () => {
    const file = await t.http({ method: 'GET', url: '/ssr/signed-in-render.js' });
    expect(file.body).not.toContain('renderSignedInPage');
  });
});
