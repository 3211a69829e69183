import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../lib/api/api-error.ts';
import { activeAgent } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { errorBody, http, sentRequests, server } from '../../test/server.ts';
import { activeUser, pendingUser } from './connected-users-test-kit.ts';

async function confirmRemoval(answer: { status: 200 } | { status: 403 | 404 | 409 | 500; code: ErrorCode }) {
  const revoked: string[] = [];
  let users = [activeUser, pendingUser];
  server.use(
    http.get('/api/v1/agents/invitations/{filter}', ({ response }) => response(200).json(users)),
    http.put('/api/v1/agents/invitations/{id}/revoke', ({ params, response }) => {
      revoked.push(params.id);
      if (answer.status !== 200) return response(answer.status).json(errorBody(answer.code));
      users = [pendingUser];
      return response(200).json({ ...activeUser, status: 'REVOKED_AFTER_ACCEPTED' });
    }),
  );
  const { user } = renderApp('/users', { user: activeAgent });
  await user.click(await screen.findByRole('button', { name: 'Actions for Olga Owner' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Remove connected user' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove connected user?' });
  expect(dialog).toHaveAccessibleDescription(
    'You lose access to the data of Olga Owner at once. This cannot be undone.',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(revoked).toEqual(['inv_active']);
}

describe('remove connected user', () => {
  it('asks first; Cancel sends nothing', async () => {
    server.use(
      http.get('/api/v1/agents/invitations/{filter}', ({ response }) => response(200).json([activeUser])),
    );
    const sent = sentRequests();
    const { user } = renderApp('/users', { user: activeAgent });
    await user.click(await screen.findByRole('button', { name: 'Actions for Olga Owner' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove connected user' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.filter((request) => request.startsWith('PUT '))).toEqual([]);
  });

  it('removes, confirms and refetches the list', async () => {
    await confirmRemoval({ status: 200 });
    expect(await screen.findByText('Connected user removed')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Olga Owner' })).not.toBeInTheDocument(),
    );
  });

  it.each([
    ['REVOKE_FORBIDDEN', 403, "You don't have permission to remove this user."],
    ['INVALID_REVOKE_STATE', 409, 'This connected user cannot be removed in its current state.'],
    ['INVITATION_NOT_FOUND', 404, 'Failed to remove connected user. Please try again.'],
    ['INTERNAL_ERROR', 500, 'Failed to remove connected user. Please try again.'],
  ] as const)('%s answers show the matching message', async (code, status, message) => {
    await confirmRemoval({ status, code });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('heading', { name: 'Olga Owner' })).toBeInTheDocument();
  });
});
