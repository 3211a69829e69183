import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { owner } from '../../test/fixtures.ts';
import { currentPath, renderApp } from '../../test/render.tsx';
import { errorBody, heldAnswer, http, server } from '../../test/server.ts';

describe('session loading', () => {
  it('shows the loading screen (title and Loading...) until the profile arrives', async () => {
    const gate = heldAnswer('/api/v1/users/me', owner);
    renderApp('/products');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Test Data Portal' })).toBeInTheDocument();
    gate.open();
    expect(await screen.findByRole('heading', { name: 'Connected Products' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('treats 401 on first load as signed out: /login without an error notification', async () => {
    const { router } = renderApp('/products', { user: null });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows profileFailure, clears the user and goes to /login when the profile fails', async () => {
    server.use(
      http.get('/api/v1/users/me', ({ response }) => response(500).json(errorBody('INTERNAL_ERROR'))),
    );
    const { router } = renderApp('/products');
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load your profile. Please log in again.",
    );
  });

  it('clears the user and goes to /login when a request gets no answer (status 0)', async () => {
    server.use(http.get('/api/v1/products', () => HttpResponse.error()));
    const { router, queryClient } = renderApp('/products', { user: owner });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(queryClient.getQueryData(['get', '/api/v1/users/me'])).toBeNull();
  });
});
