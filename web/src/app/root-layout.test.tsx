import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { portalConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render.tsx';
import { http, server } from '../test/server.ts';

describe('root layout', () => {
  it('titles the document with the configured product name', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome to Test Data Portal' });
    expect(document.title).toBe('Test Data Portal');
  });

  it('uses the configured default language until the visitor picks one', async () => {
    server.use(
      http.get('/api/v1/config', ({ response }) =>
        response(200).json({ ...portalConfig, defaultLanguage: 'el' }),
      ),
    );
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Σύνδεση / Εγγραφή' })).toBeInTheDocument();
  });

  it('keeps a stored language choice over the configured default', async () => {
    window.localStorage.setItem('portal.language', 'en');
    server.use(
      http.get('/api/v1/config', ({ response }) =>
        response(200).json({ ...portalConfig, defaultLanguage: 'el' }),
      ),
    );
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome to Test Data Portal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login / Sign up' })).toBeInTheDocument();
  });

  it('tells every visitor of a non-production server not to enter real data', async () => {
    renderApp('/login');
    const banner = await screen.findByRole('complementary', { name: 'Server mode' });
    expect(banner).toHaveTextContent('Demo: sample accounts anyone can use. Do not enter real data.');
  });

  it('shows no mode banner in production', async () => {
    server.use(
      http.get('/api/v1/config', ({ response }) =>
        response(200).json({ ...portalConfig, mode: 'production', devMode: false }),
      ),
    );
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome to Test Data Portal' });
    expect(screen.queryByRole('complementary', { name: 'Server mode' })).not.toBeInTheDocument();
  });
});
