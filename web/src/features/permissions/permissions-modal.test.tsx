import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Product, Schemas } from '../../lib/api/types.ts';
import { vehicle, wallbox } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { errorBody, http, server } from '../../test/server.ts';
import { maskExternalId } from './mask.ts';
import { PermissionsModal, type PermissionsModalProps } from './permissions-modal.tsx';

// Props spread: `role` is the modal's prop (user or agent), not an ARIA role the linter should check.
const renderModal = (props: PermissionsModalProps) => renderWithProviders(<PermissionsModal {...props} />);

const offVehicle: Product = {
  ...vehicle,
  id: 'prd_off',
  externalId: 'VF1AB000000000042',
  productFields: { model: 'Kangoo', brand: 'Volta' },
  dataCollectionEnabled: false,
};

const permissions: Schemas['Permissions'] = {
  vehicles: [
    { id: vehicle.id, includeSensitiveData: true, product: vehicle },
    { id: offVehicle.id, includeSensitiveData: false, product: offVehicle },
  ],
  wallboxes: [
    { id: wallbox.id, includeSensitiveData: false, product: wallbox },
    {
      id: 'prd_wb_on',
      includeSensitiveData: false,
      product: {
        ...wallbox,
        id: 'prd_wb_on',
        productFields: { name: 'Office charger' },
        dataCollectionEnabled: true,
      },
    },
  ],
};

function answer() {
  const calls: string[] = [];
  server.use(
    http.get('/api/v1/invitations/{id}/permissions', ({ params, response }) => {
      calls.push(`user:${params.id}`);
      return response(200).json(permissions);
    }),
    http.get('/api/v1/agents/invitations/{id}/permissions', ({ params, response }) => {
      calls.push(`agent:${params.id}`);
      return response(200).json(permissions);
    }),
  );
  return calls;
}

const item = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;
/** The read-only switch of a permission: 'Yes' when on; it cannot be operated. */
const stateOf = (card: HTMLElement, label: string) => {
  const control = within(card).getByRole('switch', { name: label });
  expect(control).toBeDisabled();
  return control.getAttribute('aria-checked') === 'true' ? 'Yes' : 'No';
};

describe('permissions modal', () => {
  it('owner view: read-only states, a notice instead for products whose collection is off, masked VIN', async () => {
    const calls = answer();
    const onClose = vi.fn();
    const { user } = renderModal({ role: 'user', invitationId: 'inv_1', onClose });
    const dialog = await screen.findByRole('dialog', { name: 'Data permissions' });
    expect(dialog).toHaveAccessibleDescription('The data this invitation gives access to.');
    await within(dialog).findByRole('heading', { name: 'ID.4 Pro' });
    expect(calls).toEqual(['user:inv_1']);
    // What personal data means here is said where it is shown.
    expect(
      within(dialog).getByText(/Personal data here means the vehicle's GPS position/),
    ).toBeInTheDocument();
    const on = item('ID.4 Pro');
    expect(stateOf(on, 'Sharing data')).toBe('Yes');
    expect(stateOf(on, 'Including personal data')).toBe('Yes');
    expect(within(on).getByText('Volta · WVWZZZ1JZXW000001')).toBeInTheDocument();
    expect(stateOf(item('Office charger'), 'Including personal data')).toBe('No');
    const off = item('Kangoo');
    expect(within(off).getByText('You disabled data sharing for this product.')).toBeInTheDocument();
    expect(within(off).queryByText('Sharing data')).not.toBeInTheDocument();
    expect(within(off).getByText('Volta · VF1**************')).toBeInTheDocument();
    const charger = item('Garage charger');
    expect(within(charger).getByText('You disabled data sharing for this product.')).toBeInTheDocument();
    expect(within(charger).getByText('WB-2024-0042')).toBeInTheDocument();
    await user.hover(
      within(dialog).getAllByRole('button', {
        name: 'You chose these settings when you created the invitation.',
      })[0] as HTMLElement,
    );
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'You chose these settings when you created the invitation.',
    );
    const closeButtons = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(closeButtons[closeButtons.length - 1] as HTMLElement);
    expect(onClose).toHaveBeenCalled();
  });

  it('company view: the agent endpoint and the company texts', async () => {
    const calls = answer();
    const { user } = renderModal({
      role: 'agent',
      invitationId: 'inv_2',
      subjectName: 'Olivia Owner',
      onClose: () => undefined,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Data permissions' });
    expect(dialog).toHaveAccessibleDescription('The data Olivia Owner shares with you.');
    await within(dialog).findByRole('heading', { name: 'Kangoo' });
    expect(calls).toEqual(['agent:inv_2']);
    expect(
      within(item('Kangoo')).getByText('The user disabled data sharing for this product.'),
    ).toBeInTheDocument();
    const [info] = within(dialog).getAllByRole('button', {
      name: 'The user chose these settings when creating the invitation.',
    });
    await user.hover(info as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'The user chose these settings when creating the invitation.',
    );
  });

  it('stays closed and calls nothing without an invitation', () => {
    const calls = answer();
    renderModal({ role: 'user', invitationId: null, onClose: () => undefined });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('reports a failure', async () => {
    server.use(
      http.get('/api/v1/invitations/{id}/permissions', ({ response }) =>
        response(404).json(errorBody('INVITATION_NOT_FOUND')),
      ),
    );
    const { notificationStore } = renderModal({
      role: 'user',
      invitationId: 'inv_x',
      onClose: () => undefined,
    });
    await waitFor(() =>
      expect(notificationStore.getSnapshot()).toEqual([
        expect.objectContaining({ type: 'error', message: 'Failed to get permissions' }),
      ]),
    );
  });

  it('masks after the first 3 characters', () => {
    expect(maskExternalId('WVWZZZ1JZXW000001')).toBe('WVW**************');
    expect(maskExternalId('AB')).toBe('AB');
    expect(maskExternalId(maskExternalId('WVWZZZ'))).toBe('WVW***');
  });
});
