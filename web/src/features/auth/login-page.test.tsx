import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser.ts';
import { renderApp } from '../../test/render.tsx';

describe('login page', () => {
  it('welcomes with the configured product name and shows the rights text', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome to Test Data Portal' })).toBeInTheDocument();
    expect(screen.getByText('© 2025 Acme Motors. All rights reserved.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the browser to the login endpoint with the chosen account kind', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user } = renderApp('/login');
    expect(await screen.findByRole('radio', { name: /^User/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Login / Sign up' }));
    expect(assign).toHaveBeenLastCalledWith('/api/v1/login?role=user');
  });

  it('sends role=agent when Company is chosen', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('radio', { name: /^Company/ }));
    await user.click(screen.getByRole('button', { name: 'Login / Sign up' }));
    expect(assign).toHaveBeenLastCalledWith('/api/v1/login?role=agent');
  });

  it.each([
    ['unavailable', "We're unable to connect you at the moment. Please try login later..."],
    ['failed', 'An error occurred during login. Please try login later...'],
  ])('shows the login error for ?error=%s', async (code, text) => {
    renderApp(`/login?error=${code}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('ignores an unknown error value', async () => {
    renderApp('/login?error=whatever');
    await screen.findByRole('heading', { name: 'Welcome to Test Data Portal' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('switches to Greek and remembers the choice', async () => {
    const { user } = renderApp('/login');
    await user.selectOptions(await screen.findByLabelText('Language'), 'el');
    expect(
      await screen.findByRole('heading', { name: 'Καλώς ήρθατε στο Test Data Portal' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Σύνδεση / Εγγραφή' })).toBeInTheDocument();
    expect(window.localStorage.getItem('portal.language')).toBe('el');
    expect(document.documentElement.lang).toBe('el');
  });
});
