import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../lib/api/api-error.ts';
import { owner } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { errorBody, http, server } from '../../test/server.ts';
import { activeAgent, activeLink, answerLists, findCard, pendingAgent } from './recipients-test-helpers.ts';

type Failure = { status: 403 | 404 | 409 | 500; code: ErrorCode };

function answerDecision(failure?: Failure) {
  const calls: string[] = [];
  server.use(
    http.put('/api/v1/invitations/{id}/redeem/{decision}', ({ params, response }) => {
      calls.push(`${params.id}/${params.decision}`);
      if (failure) return response(failure.status).json(errorBody(failure.code));
      return response(200).json({
        ...pendingAgent,
        status: params.decision === 'accept' ? 'ACCEPTED' : 'DECLINED',
      });
    }),
  );
  return calls;
}

function answerRevoke(failure?: Failure) {
  const calls: string[] = [];
  server.use(
    http.put('/api/v1/invitations/{id}/revoke', ({ params, response }) => {
      calls.push(params.id);
      if (failure) return response(failure.status).json(errorBody(failure.code));
      return response(200).json({ ...activeAgent, status: 'REVOKED_AFTER_ACCEPTED' });
    }),
  );
  return calls;
}

async function decide(label: 'Accept' | 'Decline') {
  const rendered = renderApp('/agents', { user: owner });
  const card = await findCard('Charge Point Data');
  await rendered.user.click(within(card).getByRole('button', { name: label }));
  const dialog = await screen.findByRole('dialog', { name: `${label} data recipient?` });
  expect(dialog).toHaveTextContent(
    label === 'Accept'
      ? 'Charge Point Data will get access to the data you selected in the invitation.'
      : 'Charge Point Data will not get access to your data.',
  );
  await rendered.user.click(within(dialog).getByRole('button', { name: label }));
  return rendered;
}

describe('accept and decline', () => {
  it.each([
    ['Accept', 'INV_PENDING/accept', 'Data recipient accepted'],
    ['Decline', 'INV_PENDING/decline', 'Data recipient declined'],
  ] as const)(
    '%s: confirms, calls the API, reports success and refetches the lists',
    async (label, call, message) => {
      const lists = answerLists([pendingAgent]);
      const calls = answerDecision();
      await decide(label);
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(calls).toEqual([call]);
      await waitFor(() => expect(lists.claimed.length).toBe(2));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
  );

  it.each([
    [
      'Accept',
      409,
      'INVALID_INVITATION_STATE',
      'This invitation is no longer pending. Please refresh the page.',
    ],
    [
      'Decline',
      404,
      'INVITATION_NOT_FOUND',
      'This invitation could not be found. It may have been deleted or expired.',
    ],
    [
      'Accept',
      403,
      'INVITATION_FORBIDDEN',
      "You don't have permission to perform this action on this invitation.",
    ],
    ['Accept', 500, 'INTERNAL_ERROR', "Couldn't accept the data recipient. Try again later.."],
    ['Decline', 500, 'INTERNAL_ERROR', "Couldn't decline the data recipient. Try again later.."],
  ] as const)('%s failing with %s %s says "%s" and does not retry', async (label, status, code, message) => {
    answerLists([pendingAgent]);
    const calls = answerDecision({ status, code });
    await decide(label);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});

describe('remove a recipient and delete a link', () => {
  async function revokeAgent() {
    const rendered = renderApp('/agents', { user: owner });
    const card = await findCard('Fleet Analytics');
    await rendered.user.click(within(card).getByRole('button', { name: 'Actions for Fleet Analytics' }));
    await rendered.user.click(await screen.findByRole('menuitem', { name: 'Remove data recipient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove data recipient?' });
    expect(dialog).toHaveTextContent(
      'Fleet Analytics loses access to your data at once. This cannot be undone.',
    );
    await rendered.user.click(within(dialog).getByRole('button', { name: 'Remove' }));
  }

  async function deleteLink() {
    const rendered = renderApp('/agents', { user: owner });
    await rendered.user.click(await screen.findByRole('tab', { name: /Invitation Links/ }));
    const card = await findCard(activeLink.code);
    await rendered.user.click(within(card).getByRole('button', { name: `Actions for ${activeLink.code}` }));
    await rendered.user.click(await screen.findByRole('menuitem', { name: 'Delete link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete invitation link?' });
    expect(dialog).toHaveTextContent(`The link ${activeLink.code} will stop working at once.`);
    await rendered.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  }

  it('removes an agent, reports it and refetches both lists', async () => {
    const lists = answerLists([activeAgent], [activeLink]);
    const calls = answerRevoke();
    await revokeAgent();
    expect(await screen.findByText('Data recipient removed')).toBeInTheDocument();
    expect(calls).toEqual(['inv_active']);
    await waitFor(() => expect(lists.claimed.length).toBe(2));
    await waitFor(() => expect(lists.unclaimed.length).toBe(2));
  });

  it('deletes an invitation link and reports it', async () => {
    answerLists([], [activeLink]);
    const calls = answerRevoke();
    await deleteLink();
    expect(await screen.findByText('Invitation link deleted')).toBeInTheDocument();
    expect(calls).toEqual(['inv_link']);
  });

  it.each([
    [404, 'INVITATION_NOT_FOUND', 'This invitation could not be found. It may have been deleted or expired.'],
    [403, 'REVOKE_FORBIDDEN', "You don't have permission to revoke this invitation."],
    [409, 'INVALID_REVOKE_STATE', 'This invitation cannot be revoked in its current state.'],
    [500, 'INTERNAL_ERROR', "Couldn't remove the data recipient. Try again later.."],
  ] as const)('removing an agent failing with %s %s says "%s"', async (status, code, message) => {
    answerLists([activeAgent]);
    const calls = answerRevoke({ status, code });
    await revokeAgent();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('deleting a link failing for another reason says the link could not be deleted', async () => {
    answerLists([], [activeLink]);
    answerRevoke({ status: 500, code: 'INTERNAL_ERROR' });
    await deleteLink();
    expect(
      await screen.findByText("Couldn't delete the invitation link. Try again later.."),
    ).toBeInTheDocument();
  });

  it('reports a failed list', async () => {
    server.use(
      http.get('/api/v1/invitations/claimed/{filter}', ({ response }) =>
        response(500).json(errorBody('INTERNAL_ERROR')),
      ),
    );
    renderApp('/agents', { user: owner });
    // The companies' list (claimed invitations): its own text, not the links' one.
    expect(await screen.findByText('Failed to fetch connected invitations')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch invitations. Try later..')).not.toBeInTheDocument();
  });
});
