import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readPendingInvitationCode, storePendingInvitationCode } from '../../lib/pending-invitation.ts';
import { activeAgent } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { errorBody, http, server } from '../../test/server.ts';
import { activeUser, listHandler, pendingUser } from './connected-users-test-kit.ts';

function redeemHandler(valid: string) {
  const codes: string[] = [];
  const handler = http.put('/api/v1/invitations/redeem/{code}', ({ params, response }) => {
    codes.push(params.code);
    return params.code === valid
      ? response(200).json(pendingUser)
      : response(400).json(errorBody('INVALID_CODE'));
  });
  return { codes, handler };
}

async function openModal() {
  const app = renderApp('/users', { user: activeAgent });
  await app.user.click(await screen.findByRole('button', { name: 'Access code' }));
  const dialog = await screen.findByRole('dialog', { name: 'Request data permission with an access code' });
  return { ...app, dialog };
}

describe('redeem access code', () => {
  it('keeps the submit disabled while the code is empty', async () => {
    const { user, dialog } = await openModal();
    const submit = within(dialog).getByRole('button', { name: 'Request access' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Access code'), '   ');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Access code'), 'K7QM');
    expect(submit).toBeEnabled();
  });

  it('shows Invalid or expired code. under the field, cleared when the code is edited', async () => {
    const redeem = redeemHandler('GOOD');
    server.use(redeem.handler);
    const { user, dialog } = await openModal();
    const field = within(dialog).getByLabelText('Access code');
    await user.type(field, 'WRONG');
    await user.click(within(dialog).getByRole('button', { name: 'Request access' }));
    const message = await within(dialog).findByText('Invalid or expired code.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAttribute('aria-describedby', message.id);
    expect(redeem.codes).toEqual(['WRONG']);
    await user.type(field, 'X');
    expect(within(dialog).queryByText('Invalid or expired code.')).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('on success notifies, closes the modal and refetches the list', async () => {
    const redeem = redeemHandler('K7QM-2HXP');
    let users = [activeUser];
    server.use(
      redeem.handler,
      http.get('/api/v1/agents/invitations/{filter}', ({ response }) => response(200).json(users)),
    );
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByLabelText('Access code'), ' K7QM-2HXP ');
    users = [activeUser, pendingUser];
    await user.click(within(dialog).getByRole('button', { name: 'Request access' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(redeem.codes).toEqual(['K7QM-2HXP']);
    expect(
      screen.getByText('Access code accepted. The user will now review your request.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Peter Pending' })).toBeInTheDocument();
  });

  it('opens by itself, pre-filled, with a code stored from a /redeem/ link, and uses the code up', async () => {
    server.use(listHandler([]).handler);
    storePendingInvitationCode('K7QM-2HXP');
    renderApp('/users', { user: activeAgent });
    const dialog = await screen.findByRole('dialog', { name: 'Request data permission with an access code' });
    expect(within(dialog).getByLabelText('Access code')).toHaveValue('K7QM-2HXP');
    expect(within(dialog).getByRole('button', { name: 'Request access' })).toBeEnabled();
    await waitFor(() => expect(readPendingInvitationCode()).toBeNull());
  });

  it('an invitation link opened by an active agent ends in the pre-filled modal on /users', async () => {
    server.use(listHandler([]).handler);
    renderApp('/redeem/K7QM%2D2HXP', { user: activeAgent });
    const dialog = await screen.findByRole('dialog', { name: 'Request data permission with an access code' });
    expect(within(dialog).getByLabelText('Access code')).toHaveValue('K7QM-2HXP');
  });

  it('does not open by itself without a stored code', async () => {
    server.use(listHandler([]).handler);
    renderApp('/users', { user: activeAgent });
    await screen.findByText('No connected users yet');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
