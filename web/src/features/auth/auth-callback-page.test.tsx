import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser.ts';
import { currentPath, renderApp } from '../../test/render.tsx';

describe('auth callback', () => {
  it('forwards code, iss, state and client_id to the backend login endpoint', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderApp('/auth/callback?code=abc%2F1&iss=https%3A%2F%2Fidp.test&state=s1&client_id=portal&extra=1');
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const url = new URL(assign.mock.calls[0]?.[0] ?? '', 'http://localhost');
    expect(url.pathname).toBe('/api/v1/login');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      code: 'abc/1',
      iss: 'https://idp.test',
      state: 's1',
      client_id: 'portal',
    });
  });

  it.each([
    ['no parameters', '/auth/callback'],
    ['a missing client_id', '/auth/callback?code=abc&iss=x&state=s1'],
    ['an empty state', '/auth/callback?code=abc&iss=x&state=&client_id=portal'],
  ])('goes to /login with %s', async (_label, path) => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { router } = renderApp(path);
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('logs a provider error and stays, offering a way back to login', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router, user } = renderApp(
      '/auth/callback?error=access_denied&code=abc&iss=x&state=s&client_id=c',
    );
    expect(await screen.findByText('Login could not be completed.')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('[auth] login callback error', 'access_denied', '');
    expect(assign).not.toHaveBeenCalled();
    expect(currentPath(router)).toBe('/auth/callback');
    await user.click(screen.getByRole('link', { name: 'Back to login' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
  });
});
