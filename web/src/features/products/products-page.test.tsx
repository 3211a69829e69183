import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { noProducts, owner, products } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { errorBody, heldAnswer, http, server } from '../../test/server.ts';

function section(name: string) {
  return screen.getByRole('region', { name });
}

describe('products page (slice)', () => {
  it('lists vehicles (model, brand · id) and home chargers (name, id)', async () => {
    renderApp('/products', { user: owner });
    expect(await screen.findByRole('heading', { level: 1, name: 'Connected Products' })).toBeInTheDocument();
    const vehicles = section('My vehicles');
    expect(await within(vehicles).findByRole('heading', { name: 'ID.4 Pro' })).toBeInTheDocument();
    expect(within(vehicles).getByText('Volta · WVWZZZ1JZXW000001')).toBeInTheDocument();
    const wallboxes = section('My Home Chargers');
    expect(within(wallboxes).getByRole('heading', { name: 'Garage charger' })).toBeInTheDocument();
    expect(within(wallboxes).getByText('WB-2024-0042')).toBeInTheDocument();
    expect(screen.queryByText('You have no available vehicles')).not.toBeInTheDocument();
  });

  it('shows skeletons while loading', async () => {
    const gate = heldAnswer('/api/v1/products', products);
    renderApp('/products', { user: owner });
    await screen.findByRole('heading', { name: 'Connected Products' });
    expect(section('My vehicles')).toHaveAttribute('aria-busy', 'true');
    expect(within(section('My vehicles')).getAllByTestId('skeleton').length).toBeGreaterThan(0);
    gate.open();
    expect(await screen.findByRole('heading', { name: 'ID.4 Pro' })).toBeInTheDocument();
    expect(screen.queryAllByTestId('skeleton')).toHaveLength(0);
  });

  it('shows the two empty callouts', async () => {
    server.use(http.get('/api/v1/products', ({ response }) => response(200).json(noProducts)));
    renderApp('/products', { user: owner });
    expect(await screen.findByText('You have no available vehicles')).toBeInTheDocument();
    expect(screen.getByText('You have no available Home Chargers')).toBeInTheDocument();
  });

  it('retries once, then shows Failed to fetch products once, with the request id for support', async () => {
    let calls = 0;
    server.use(
      http.get('/api/v1/products', ({ response }) => {
        calls += 1;
        return response(500).json(errorBody('INTERNAL_ERROR'));
      }),
    );
    renderApp('/products', { user: owner });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch products');
    expect(alert).toHaveTextContent('Request id for support: req-test');
    await waitFor(() => expect(calls).toBe(2));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('does not refetch when the window regains focus (fresh for 5 minutes)', async () => {
    let calls = 0;
    server.use(
      http.get('/api/v1/products', ({ response }) => {
        calls += 1;
        return response(200).json(products);
      }),
    );
    renderApp('/products', { user: owner });
    await screen.findByRole('heading', { name: 'ID.4 Pro' });
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(1);
    focusManager.setFocused(undefined);
  });
});
