import { screen } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, renderWithProviders } from '../../test/render.tsx';
import { routes } from '../router.tsx';

describe('error page', () => {
  it('a login failure shows the explanation and the request id to quote to support', async () => {
    renderApp('/login?error=unavailable&requestId=req-7f3a9c');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We're unable to connect you at the moment. Please try login later...");
    expect(alert).toHaveTextContent('Request id for support: req-7f3a9c');
  });

  it('a screen that fails to render shows a page a person understands, not a blank page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // The real route tree plus a route whose code throws while rendering (as a failed chunk would).
    const [root] = routes;
    const broken = () => {
      throw new Error('boom');
    };
    const tree: RouteObject[] = [
      {
        ...root,
        index: false,
        children: [...(root?.children ?? []), { path: '/broken', Component: broken }],
      },
    ];
    const router = createMemoryRouter(tree, { initialEntries: ['/broken'] });
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to the start page' })).toBeInTheDocument();
  });
});
