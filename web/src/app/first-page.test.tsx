import { dehydrate, QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { downloadJobsQueryKey } from '../features/products/api/use-download-jobs.ts';
import { productsQueryKey } from '../features/products/api/use-products.ts';
import { portalConfigQueryOptions } from '../lib/branding.ts';
import { currentUserQueryKey } from '../lib/session/current-user.ts';
import { activeAgent, owner, products } from '../test/fixtures.ts';
import { errorBody, http, server } from '../test/server.ts';
import { embeddedState, embeddedUser, prepareFirstPage } from './first-page.ts';
import { startApp } from './start-app.tsx';

// A signed-in visit: the server writes the user into the page (server/src/plugins/web-app-page.ts),
// and the app draws its first page without asking GET /users/me, with the page's first data.

/** A JSON script the server writes into the page, under its element id. */
function embedScript(id: string, text: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = id;
  script.textContent = text;
  document.head.append(script);
}

const embed = (text: string) => embedScript('portal-current-user', text);

/** Counts the calls the app makes, by path. */
function recordCalls(): Map<string, number> {
  const calls = new Map<string, number>();
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    calls.set(path, (calls.get(path) ?? 0) + 1);
  });
  return calls;
}

/** What a page drawn by the server carries (app/signed-in-render.tsx): the cache it was drawn from. */
const embedState = (text: string) => embedScript('portal-first-page-state', text);

afterEach(() => {
  document.getElementById('portal-current-user')?.remove();
  document.getElementById('portal-first-page-state')?.remove();
  server.events.removeAllListeners();
  window.history.replaceState(null, '', '/');
});

describe('the user embedded in the page', () => {
  it('is read as written, and ignored when absent or unreadable', () => {
    expect(embeddedUser()).toBeNull();
    embed(JSON.stringify(owner));
    expect(embeddedUser()).toEqual(owner);
    document.getElementById('portal-current-user')?.remove();
    embed('{"id":');
    expect(embeddedUser()).toBeNull();
    document.getElementById('portal-current-user')?.remove();
    embed('"not a user"');
    expect(embeddedUser()).toBeNull();
  });

  it('draws the products page without asking GET /users/me', async () => {
    const calls = recordCalls();
    embed(JSON.stringify({ ...owner, email: 'embedded.owner@example.com' }));
    window.history.replaceState(null, '', '/products');
    const container = document.createElement('div');
    document.body.append(container);
    await startApp(container);
    // The configuration was asked for before the first render (it is drawn above the page).
    expect(calls.get('/api/v1/config')).toBe(1);
    expect(await screen.findByText('Garage charger')).toBeInTheDocument();
    // GET /users/me answers 401 here (the default handler): only the embedded user keeps the visit on
    // its page instead of the sign-in page.
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/products');
    expect(calls.get('/api/v1/users/me')).toBeUndefined();
    container.remove();
  });
});

describe('a page the server drew', () => {
  it('is drawn again from the answers it carries, asking for none of them', async () => {
    const calls = recordCalls();
    embed(JSON.stringify(owner));
    const config = {
      productName: 'Drawn Portal',
      manufacturer: 'Drawn Motors',
      supportEmail: 'help@example.com',
      mode: 'production',
      devMode: false,
      defaultLanguage: 'en',
    };
    const renamed = {
      ...products,
      wallboxes: products.wallboxes.map((item) => ({ ...item, productFields: { name: 'Carried charger' } })),
    };
    // What app/signed-in-render.tsx writes: the query cache it drew the page from.
    const drawnFrom = new QueryClient();
    drawnFrom.setQueryData(portalConfigQueryOptions().queryKey, config);
    drawnFrom.setQueryData(productsQueryKey, renamed);
    drawnFrom.setQueryData(downloadJobsQueryKey, []);
    embedState(JSON.stringify(dehydrate(drawnFrom)));
    window.history.replaceState(null, '', '/products');
    const container = document.createElement('div');
    document.body.append(container);
    await startApp(container);
    expect(await screen.findByText('Carried charger')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Drawn Portal/ })).toBeInTheDocument();
    // Nothing the page carried is asked again when the page mounts.
    for (const path of [
      '/api/v1/config',
      '/api/v1/products',
      '/api/v1/products/download/jobs',
      '/api/v1/users/me',
    ])
      expect(calls.get(path)).toBeUndefined();
    container.remove();
  });

  it('falls back to asking when what it carries is unreadable', async () => {
    embedState('{}');
    const element = document.getElementById('portal-first-page-state');
    for (const text of ['[1,', '[1]', 'null', '{"queries":{}}']) {
      if (element) element.textContent = text;
      expect(embeddedState()).toBeNull();
    }
  });
});

describe('preparing a page the server did not draw', () => {
  it('seeds the user and asks for the configuration only: the page asks for its own data', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const calls = recordCalls();
    await prepareFirstPage(client, activeAgent);
    expect(client.getQueryData(currentUserQueryKey)).toEqual(activeAgent);
    expect(calls.get('/api/v1/config')).toBe(1);
    expect([...calls.keys()]).toEqual(['/api/v1/config']);
  });

  it('ends the wait on a failing configuration: the page then draws with the defaults', async () => {
    server.use(http.get('/api/v1/config', ({ response }) => response(500).json(errorBody('INTERNAL_ERROR'))));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await prepareFirstPage(client, owner);
    await waitFor(() =>
      expect(client.getQueryState(portalConfigQueryOptions().queryKey)?.status).toBe('error'),
    );
  });
});
