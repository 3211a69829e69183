import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveDocuments } from '../../test/documents.ts';
import { activeAgent, admin, newAgent, owner, pendingAgent, rejectedAgent } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

async function openCatalogue(user: ReturnType<typeof renderApp>['user']) {
  const footer = await screen.findByRole('contentinfo');
  await user.click(within(footer).getByRole('button', { name: 'Download catalogue' }));
  return screen.findByRole('menu');
}

describe('footer', () => {
  it('shows the 2025 rights for the manufacturer and the support address', async () => {
    renderApp('/products', { user: owner });
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText('© 2025 Acme Motors. All rights reserved.')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Support contact: support@acme.test' })).toHaveAttribute(
      'href',
      'mailto:support@acme.test',
    );
  });

  it.each([
    ['a user', '/products', owner, ['Vehicle Data', 'Home Charger Data']],
    ['an agent', '/users', activeAgent, ['Vehicle Data', 'Home Charger Data', 'Data Prices']],
  ])(
    'offers %s the catalogues of its role (Data Prices for an agent only)',
    async (_who, path, who, names) => {
      const { user } = renderApp(path, { user: who });
      const menu = await openCatalogue(user);
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(names);
    },
  );

  it('is shown for an admin', async () => {
    renderApp('/admin', { user: admin });
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
  });

  it.each([
    ['pending', pendingAgent],
    ['rejected', rejectedAgent],
    ['unregistered', newAgent],
  ])('is hidden for a %s agent', async (_label, agent) => {
    renderApp('/agent-registration', { user: agent });
    await screen.findByRole('heading', { name: 'Complete your account' });
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('is not rendered without a user (login page has its own rights line)', async () => {
    renderApp('/login', { user: null });
    await screen.findByRole('heading', { name: 'Welcome to Test Data Portal' });
    expect(screen.queryByRole('button', { name: 'Download catalogue' })).not.toBeInTheDocument();
  });

  it('opens a catalogue PDF after the HEAD check', async () => {
    const { open, checked } = serveDocuments('/catalogue/{document}');
    const { user } = renderApp('/products', { user: owner });
    const menu = await openCatalogue(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Home Charger Data' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/catalogue/Home%20Charger%20Data.pdf'));
    expect(checked).toEqual(['Home Charger Data.pdf']);
  });

  it('shows cannot load the file when the catalogue is missing', async () => {
    const { open } = serveDocuments('/catalogue/{document}', 404);
    const { user } = renderApp('/users', { user: activeAgent });
    const menu = await openCatalogue(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Data Prices' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot load the file Data Prices.pdf');
    expect(open).not.toHaveBeenCalled();
  });

  it('shows cannot load the file when the user guide is not a PDF', async () => {
    const { open } = serveDocuments('/manuals', 200, 'text/html');
    const { user } = renderApp('/products', { user: owner });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'View user guide' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot load the file user guide');
    expect(open).not.toHaveBeenCalled();
  });

  it('opens the user guide when the HEAD check passes; the check bypasses the browser cache', async () => {
    const { open, caches } = serveDocuments('/manuals');
    const { user } = renderApp('/products', { user: owner });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'View user guide' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/manuals'));
    expect(caches).toEqual(['no-store']);
  });
});
