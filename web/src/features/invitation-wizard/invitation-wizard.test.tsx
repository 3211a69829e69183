import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product, ProductList, Schemas } from '../../lib/api/types.ts';
import { owner, vehicle, wallbox } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { errorBody, http, server } from '../../test/server.ts';

const offVehicle: Product = {
  ...vehicle,
  id: 'prd_off',
  productFields: { model: 'Old Van', brand: 'Volta' },
  dataCollectionEnabled: false,
};
const onWallbox: Product = { ...wallbox, dataCollectionEnabled: true };
const shareable: ProductList = { vehicles: [vehicle, offVehicle], wallboxes: [onWallbox] };
const CODE = '4MZ8-QW2E-7RTY-K9PD';

function answerProducts(list: ProductList) {
  server.use(http.get('/api/v1/products', ({ response }) => response(200).json(list)));
}

function answerCreate(status: 201 | 500 = 201, wait = 0, keys: (string | null)[] = []) {
  const bodies: Schemas['InvitationCreateItem'][][] = [];
  server.use(
    http.post('/api/v1/invitations', async ({ request, response }) => {
      keys.push(request.headers.get('idempotency-key'));
      bodies.push(await request.json());
      if (wait) await delay(wait);
      if (status === 500) return response(500).json(errorBody('INTERNAL_ERROR'));
      return response(201).json({
        code: CODE,
        link: `http://server/redeem/${CODE}`,
        expiresAt: '2025-03-15T10:00:00.000Z',
      });
    }),
  );
  return bodies;
}

async function openWizard() {
  const rendered = renderApp('/agents', { user: owner });
  // The first test of the file also loads the lazy route chunk: the kit's 10 s wait (test/setup.ts)
  // covers it on a busy machine, where a shorter one of its own did not.
  const invite = await screen.findByRole('button', { name: 'Invite data recipients' });
  await rendered.user.click(invite);
  const dialog = await screen.findByRole('dialog', { name: 'Invite data recipients' });
  return { ...rendered, dialog };
}

const productItem = (dialog: HTMLElement, title: string) =>
  within(dialog).getByRole('heading', { name: title }).closest('li') as HTMLElement;
const shareSwitch = (item: HTMLElement) => within(item).getByRole('switch', { name: 'Share data' });
const personalSwitch = (item: HTMLElement) =>
  within(item).getByRole('switch', { name: 'Include personal data' });

describe('invitation wizard', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('welcomes with an info callout when a product can be shared, then Get started shows step 1', async () => {
    answerProducts(shareable);
    const { dialog, user } = await openWizard();
    expect(within(dialog).getByText('Share your data with a company')).toBeInTheDocument();
    expect(
      await within(dialog).findByText('Only products with data export enabled can be shared.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Get started' }));
    expect(within(dialog).getByText('Step 1 of 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Select data' })).toBeInTheDocument();
    // Where personal data is chosen, one line says what it is here.
    expect(
      within(dialog).getByText(/Personal data here means the vehicle's GPS position/),
    ).toBeInTheDocument();
  });

  it('warns on step 0 when no product has data collection enabled', async () => {
    answerProducts({ vehicles: [offVehicle], wallboxes: [] });
    const { dialog } = await openWizard();
    const warning = await within(dialog).findByText(/None of your products has data export enabled/);
    expect(warning.closest('.ui-callout')).toHaveClass('ui-callout--warning');
  });

  it('offers only enabled products by category; personal data is locked until sharing is on', async () => {
    answerProducts(shareable);
    const { dialog, user } = await openWizard();
    await user.click(within(dialog).getByRole('button', { name: 'Get started' }));
    expect(within(dialog).getByRole('region', { name: /^Vehicles/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: /^Home Chargers/ })).toBeInTheDocument();
    expect(within(dialog).queryByText('Old Van')).not.toBeInTheDocument();
    await user.hover(within(dialog).getByRole('button', { name: 'Vehicles with data export enabled' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Vehicles with data export enabled');
    const car = productItem(dialog, 'ID.4 Pro');
    expect(within(car).getByText('Volta · WVWZZZ1JZXW000001')).toBeInTheDocument();
    expect(within(productItem(dialog, 'Garage charger')).getByText('WB-2024-0042')).toBeInTheDocument();
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    expect(personalSwitch(car)).toBeDisabled();
    await user.click(shareSwitch(car));
    expect(next).toBeEnabled();
    expect(personalSwitch(car)).toBeEnabled();
    await user.click(personalSwitch(car));
    expect(personalSwitch(car)).toBeChecked();
    await user.click(shareSwitch(car));
    expect(personalSwitch(car)).not.toBeChecked();
    expect(personalSwitch(car)).toBeDisabled();
    expect(next).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: 'Get started' })).toBeInTheDocument();
  });

  it('creates the invitation (loading meanwhile) and shows the code, the link and the warning', async () => {
    answerProducts(shareable);
    const bodies = answerCreate(201, 100);
    let unclaimedCalls = 0;
    server.use(
      http.get('/api/v1/invitations/unclaimed/{filter}', ({ response }) => {
        unclaimedCalls += 1;
        return response(200).json([]);
      }),
    );
    const { dialog, user } = await openWizard();
    await user.click(within(dialog).getByRole('button', { name: 'Get started' }));
    await user.click(shareSwitch(productItem(dialog, 'ID.4 Pro')));
    await user.click(personalSwitch(productItem(dialog, 'ID.4 Pro')));
    await user.click(shareSwitch(productItem(dialog, 'Garage charger')));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('button', { name: 'Next' })).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('Invitation created')).toBeInTheDocument();
    expect(bodies).toEqual([
      [
        { productId: vehicle.id, includeSensitiveData: true },
        { productId: wallbox.id, includeSensitiveData: false },
      ],
    ]);
    expect(await within(dialog).findByRole('heading', { name: 'Copy link' })).toBeInTheDocument();
    expect(within(dialog).getByText(CODE)).toBeInTheDocument();
    expect(within(dialog).getByText(`${window.location.origin}/redeem/${CODE}`)).toBeInTheDocument();
    expect(within(dialog).getByText(/Be careful who receives this link/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await waitFor(() => expect(unclaimedCalls).toBe(2));
  });

  it('copies the link and keeps the copy button disabled for 5 seconds', async () => {
    answerProducts(shareable);
    answerCreate();
    const { dialog, user } = await openWizard();
    await user.click(within(dialog).getByRole('button', { name: 'Get started' }));
    await user.click(shareSwitch(productItem(dialog, 'ID.4 Pro')));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const copy = await within(dialog).findByRole('button', { name: 'Copy' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(copy);
    await expect(navigator.clipboard.readText()).resolves.toBe(`${window.location.origin}/redeem/${CODE}`);
    const copied = within(dialog).getByRole('button', { name: 'Copied' });
    expect(copied).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(4800));
    expect(copied).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeEnabled();
  });

  it('stays on step 1 and reports a failed creation', async () => {
    answerProducts(shareable);
    answerCreate(500);
    const { dialog, user } = await openWizard();
    await user.click(within(dialog).getByRole('button', { name: 'Get started' }));
    await user.click(shareSwitch(productItem(dialog, 'ID.4 Pro')));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Failed to create invitation')).toBeInTheDocument();
    expect(within(dialog).getByText('Step 1 of 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('disables Next when the products could not be loaded', async () => {
    server.use(
      http.get('/api/v1/products', ({ response }) => response(500).json(errorBody('INTERNAL_ERROR'))),
    );
    const { dialog, user } = await openWizard();
    await user.click(within(dialog).getByRole('button', { name: 'Get started' }));
    expect(await within(dialog).findByText(/Your products couldn't be loaded/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('Exit closes and resets to step 0 with nothing selected', async () => {
    answerProducts(shareable);
    const { dialog, user } = await openWizard();
    await user.click(within(dialog).getByRole('button', { name: 'Get started' }));
    await user.click(shareSwitch(productItem(dialog, 'ID.4 Pro')));
    await user.click(within(dialog).getByRole('button', { name: 'Exit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Invite data recipients' }));
    const reopened = await screen.findByRole('dialog', { name: 'Invite data recipients' });
    await user.click(within(reopened).getByRole('button', { name: 'Get started' }));
    expect(shareSwitch(productItem(reopened, 'ID.4 Pro'))).not.toBeChecked();
  });

  it('a fast double click on Next creates one invitation, with an idempotency key, and keeps the code on screen', async () => {
    answerProducts(shareable);
    const keys: (string | null)[] = [];
    const bodies = answerCreate(201, 50, keys);
    const { dialog, user } = await openWizard();
    await user.click(within(dialog).getByRole('button', { name: 'Get started' }));
    await user.click(shareSwitch(productItem(dialog, 'ID.4 Pro')));
    await user.dblClick(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByRole('heading', { name: 'Copy link' })).toBeInTheDocument();
    // The second click of the double click may land on Exit (where Next was): the wizard stays.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Exit' }), { detail: 2 });
    expect(screen.getByRole('dialog', { name: 'Invite data recipients' })).toBeInTheDocument();
    expect(within(dialog).getByText(CODE)).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('retries a failed creation with the same idempotency key, and a new attempt gets a new one', async () => {
    answerProducts(shareable);
    const keys: (string | null)[] = [];
    answerCreate(500, 0, keys);
    const { dialog, user } = await openWizard();
    await user.click(within(dialog).getByRole('button', { name: 'Get started' }));
    await user.click(shareSwitch(productItem(dialog, 'ID.4 Pro')));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Failed to create invitation')).toBeInTheDocument();
    answerCreate(201, 0, keys);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByRole('heading', { name: 'Copy link' })).toBeInTheDocument();
    expect(keys[1]).toBe(keys[0]);
    await user.click(within(dialog).getByRole('button', { name: 'Exit' }));
    await user.click(await screen.findByRole('button', { name: 'Invite data recipients' }));
    const again = await screen.findByRole('dialog', { name: 'Invite data recipients' });
    await user.click(within(again).getByRole('button', { name: 'Get started' }));
    await user.click(shareSwitch(productItem(again, 'ID.4 Pro')));
    await user.click(within(again).getByRole('button', { name: 'Next' }));
    await within(again).findByRole('heading', { name: 'Copy link' });
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a failed products load on step 0 shows the failure and a retry, never the no-products warning', async () => {
    let fail = true;
    server.use(
      http.get('/api/v1/products', ({ response }) =>
        fail ? response(500).json(errorBody('INTERNAL_ERROR')) : response(200).json(shareable),
      ),
    );
    const { dialog, user } = await openWizard();
    expect(await within(dialog).findByText(/Your products couldn't be loaded/)).toBeInTheDocument();
    expect(
      within(dialog).queryByText(/None of your products has data export enabled/),
    ).not.toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(
      await within(dialog).findByText('Only products with data export enabled can be shared.'),
    ).toBeInTheDocument();
  });
});
