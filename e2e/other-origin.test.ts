import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startHealthyServer } from '../server/test/server-process.ts';
import { launchBrowser } from './support/browser.ts';

// A team's own front end on another origin (a Vite app on another port) calls the reference server
// started with CORS_ORIGINS, in real Chromium: preflights, credentials and exposed headers as a
// browser applies them. An origin that is not listed gets nothing it can read and cannot write.
describe('a front end on another origin', () => {
  let api: ServerProcess;
  let apiUrl = '';
  let pages: Server;
  let browser: Browser;
  let listed = '';
  let unlisted = '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-origin-'));

  beforeAll(async () => {
    const [apiPort, listedPort, unlistedPort] = [await freePort(), await freePort(), await freePort()];
    apiUrl = `http://localhost:${apiPort}`;
    listed = `http://localhost:${listedPort}`;
    unlisted = `http://localhost:${unlistedPort}`;
    api = await startHealthyServer(
      {
        PORTAL_MODE: 'demo',
        PUBLIC_URL: apiUrl,
        DATA_DIR: dataDir,
        SANDBOX_PREPARE: '0',
        CORS_ORIGINS: listed,
      },
      apiPort,
    );
    // The other origins' pages: an empty page each, like a fresh Vite app.
    pages = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>team app</title>');
    });
    pages.listen(listedPort, '127.0.0.1');
    const second = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>other app</title>');
    }).listen(unlistedPort, '127.0.0.1');
    pages.on('close', () => second.close());
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    pages?.close();
    api?.child.kill('SIGTERM');
    await api?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Signs in as a persona and reads the user and a list's total from the page's own origin. */
  const callFrom = async (origin: string) => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    const result = await page.evaluate(async (base) => {
      const attempt = async (call: () => Promise<Response>) => {
        try {
          return await call();
        } catch {
          return null; // the browser refused to let the page see the answer (CORS)
        }
      };
      const signIn = await attempt(() =>
        fetch(`${base}/api/v1/sim/persona`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'owner@example.com' }),
        }),
      );
      const me = await attempt(() => fetch(`${base}/api/v1/users/me`, { credentials: 'include' }));
      const jobs = await attempt(() =>
        fetch(`${base}/api/v1/products/download/jobs?limit=1`, { credentials: 'include' }),
      );
      return {
        signIn: signIn?.status ?? 'blocked',
        me: me?.status ?? 'blocked',
        email: me?.ok ? ((await me.json()) as { email: string }).email : null,
        total: jobs?.headers.get('x-total-count') ?? null,
      };
    }, apiUrl);
    await page.close();
    return result;
  };

  it('signs in with the session cookie, reads answers and their declared headers', async () => {
    const result = await callFrom(listed);
    expect(result).toEqual({
      signIn: 200,
      me: 200,
      email: 'owner@example.com',
      total: expect.stringMatching(/^\d+$/),
    });
  });

  it('lets a page on an origin that is not listed neither write nor read', async () => {
    expect(await callFrom(unlisted)).toEqual({ signIn: 'blocked', me: 'blocked', email: null, total: null });
  });
});
