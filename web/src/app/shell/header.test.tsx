import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activeAgent, admin, owner, pendingAgent } from '../../test/fixtures.ts';
import { currentPath, renderApp } from '../../test/render.tsx';
import { http, server } from '../../test/server.ts';
import { isSelected, navItemsFor } from './nav-items.ts';

describe('header', () => {
  it('shows the product name and the user nav with Products selected on /products', async () => {
    renderApp('/products', { user: owner });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.getByRole('link', { name: 'Test Data Portal home' })).toHaveTextContent('Test Data Portal');
    expect(within(nav).getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Agents' })).not.toHaveAttribute('aria-current');
  });

  it('selects Agents on /agents', async () => {
    renderApp('/agents', { user: owner });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Agents' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Products' })).not.toHaveAttribute('aria-current');
  });

  it('shows only Users, selected, for an active agent on /users', async () => {
    renderApp('/users', { user: activeAgent });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Users']);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
  });

  it('has no nav links for an admin or an agent that is not active', async () => {
    renderApp('/admin', { user: admin });
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('has no nav links for a pending agent', async () => {
    renderApp('/agent-registration', { user: pendingAgent });
    expect(await screen.findByRole('heading', { name: 'Complete your account' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('avatar menu holds the email, the user guide, the language and Log out', async () => {
    let loggedOut = false;
    server.use(
      http.post('/api/logout', ({ response }) => {
        loggedOut = true;
        return response(204).empty();
      }),
    );
    const { user, router } = renderApp('/products', { user: owner });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('owner@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'View user guide' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toBeChecked();
    expect(within(menu).queryByRole('menuitem', { name: 'Products' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(loggedOut).toBe(true);
  });

  it('has a burger menu with the nav items for narrow screens (CSS shows it below 768 px)', async () => {
    const { user, router } = renderApp('/products', { user: owner });
    const burger = await screen.findByRole('button', { name: 'Open menu' });
    expect(burger.closest('.account-menu--narrow')).not.toBeNull();
    expect(screen.getByRole('navigation').closest('.app-header')).not.toBeNull();
    await user.click(burger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('owner@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(menu).getByRole('menuitem', { name: 'Agents' }));
    await waitFor(() => expect(currentPath(router)).toBe('/agents'));
  });

  it('switches the language from the menu and remembers it', async () => {
    const { user } = renderApp('/products', { user: owner });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Ελληνικά' }));
    expect(await screen.findByRole('link', { name: 'Προϊόντα' })).toBeInTheDocument();
    expect(window.localStorage.getItem('portal.language')).toBe('el');
  });

  it('a failed logout with the session still valid says so and stays signed in', async () => {
    server.use(
      http.post('/api/logout', ({ response }) =>
        response(500).json({ errors: [{ code: 'INTERNAL_ERROR', message: 'x' }] }),
      ),
    );
    const { user, router } = renderApp('/products', { user: owner });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Signing out failed: you are still signed in. Please try again.',
    );
    expect(currentPath(router)).toBe('/products');
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });

  it('a failed logout whose session is gone anyway goes to /login without an error', async () => {
    let signedIn = true;
    server.use(
      http.post('/api/logout', ({ response }) => {
        signedIn = false;
        return response(500).json({ errors: [{ code: 'INTERNAL_ERROR', message: 'x' }] });
      }),
      http.get('/api/v1/users/me', ({ response }) =>
        signedIn
          ? response(200).json(owner)
          : response(401).json({ errors: [{ code: 'UNAUTHENTICATED', message: 'x' }] }),
      ),
    );
    const { user, router } = renderApp('/products');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('nav selection rules', () => {
  it('selects Products for any path starting with /product', () => {
    const [products, agents] = navItemsFor(owner);
    expect(products && isSelected(products, '/products')).toBe(true);
    expect(products && isSelected(products, '/product/abc')).toBe(true);
    expect(agents && isSelected(agents, '/agents/x')).toBe(true);
    expect(agents && isSelected(agents, '/products')).toBe(false);
    expect(navItemsFor(admin)).toEqual([]);
    expect(navItemsFor(pendingAgent)).toEqual([]);
  });
});
