import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { owner } from '../test/fixtures.ts';
import { currentPath, renderApp } from '../test/render.tsx';
import { errorBody, http, server } from '../test/server.ts';

describe('session lost', () => {
  afterEach(() => window.sessionStorage.clear());

  it('a 401 from any call while signed in: tells the user, goes to /login and remembers the page', async () => {
    server.use(
      http.get('/api/v1/invitations/claimed/{filter}', ({ response }) =>
        response(401).json(errorBody('UNAUTHENTICATED')),
      ),
    );
    const { router } = renderApp('/agents?tab=x', { user: owner });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(
      await within(notifications).findByText(
        'Your session has ended. Please sign in again: you will come back to this page.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Login / Sign up' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem('portal.returnPath')).toBe('/agents?tab=x');
  });

  it('after signing in again the user comes back to that page, once', async () => {
    window.sessionStorage.setItem('portal.returnPath', '/agents');
    const { router } = renderApp('/', { user: owner });
    await waitFor(() => expect(currentPath(router)).toBe('/agents'));
    expect(window.sessionStorage.getItem('portal.returnPath')).toBeNull();
  });

  it('never returns to another site', async () => {
    window.sessionStorage.setItem('portal.returnPath', '//evil.example/products');
    const { router } = renderApp('/', { user: owner });
    await waitFor(() => expect(currentPath(router)).toBe('/products'));
  });

  it('a 401 on the first profile load is only "not signed in": no notice, nothing remembered', async () => {
    const { router } = renderApp('/agents', { user: null });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(screen.queryByText(/Your session has ended/)).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('portal.returnPath')).toBeNull();
  });
});
