import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../lib/api/types.ts';
import { currentUserQueryKey } from '../lib/session/current-user.ts';
import { activeAgent, owner, products } from '../test/fixtures.ts';
import { errorBody, http, server } from '../test/server.ts';
import { embeddedAnswers, embeddedUser, prepareFirstPage } from './first-page.ts';
import { startApp } from './start-app.tsx';

// A signed-in visit: the server writes the user into the page (server/src/plugins/web-app-page.ts),
// and the app draws its first page without asking GET /users/me, with the page's first data.

function embed(text: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'portal-current-user';
  script.textContent = text;
  document.head.append(script);
}

/** Counts the calls the app makes, by path. */
function recordCalls(): Map<string, number> {
  const calls = new Map<string, number>();
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    calls.set(path, (calls.get(path) ?? 0) + 1);
  });
  return calls;
}

/** The answers a page drawn by the server carries (server/src/plugins/web-app-page.ts). */
function embedAnswers(answers: Record<string, unknown>): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'portal-first-answers';
  script.textContent = JSON.stringify(answers);
  document.head.append(script);
}

afterEach(() => {
  document.getElementById('portal-current-user')?.remove();
  document.getElementById('portal-first-answers')?.remove();
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

  it('draws the products page without asking GET /users/me, its data already fetched', async () => {
    const calls = recordCalls();
    embed(JSON.stringify({ ...owner, email: 'embedded.owner@example.com' }));
    window.history.replaceState(null, '', '/products');
    const container = document.createElement('div');
    document.body.append(container);
    await startApp(container);
    // The data was asked for before the first render, so the first render already shows it.
    expect(calls.get('/api/v1/products')).toBe(1);
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
    embedAnswers({
      '/api/v1/config': config,
      '/api/v1/products': renamed,
      '/api/v1/products/download/jobs': [],
    });
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

  it('falls back to asking when the carried answers are unreadable', async () => {
    embedAnswers({});
    const element = document.getElementById('portal-first-answers');
    for (const text of ['[1,', '[1]', 'null']) {
      if (element) element.textContent = text;
      expect(embeddedAnswers()).toBeNull();
    }
  });
});

describe('preparing the first page', () => {
  const prepare = (user: CurrentUser, path: string) => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const calls = recordCalls();
    return { client, calls, done: prepareFirstPage(client, path, user) };
  };

  it('seeds the user and asks for a page’s data only for the user the page is for', async () => {
    const agent = prepare(activeAgent, '/products');
    await agent.done;
    expect(agent.client.getQueryData(currentUserQueryKey)).toEqual(activeAgent);
    expect(agent.calls.get('/api/v1/products')).toBeUndefined();
    expect(agent.calls.get('/api/v1/config')).toBe(1);
    server.events.removeAllListeners();
    const terms = prepare({ ...owner, termsToAccept: 'v2' }, '/products');
    await terms.done;
    expect(terms.calls.get('/api/v1/products')).toBeUndefined();
  });

  it('ends the wait on a failing call (after its one retry): the page then shows the failure itself', async () => {
    server.use(
      http.get('/api/v1/products', ({ response }) => response(500).json(errorBody('INTERNAL_ERROR'))),
    );
    const { client, done } = prepare(owner, '/products/');
    await done;
    await waitFor(() => expect(client.getQueryState(['get', '/api/v1/products', {}])?.status).toBe('error'));
  });
});
