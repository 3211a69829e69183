import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../lib/api/types.ts';
import { currentUserQueryKey } from '../../lib/session/current-user.ts';
import { newAgent, pendingAgent, rejectedAgent } from '../../test/fixtures.ts';
import { currentPath, renderApp } from '../../test/render.tsx';
import { errorBody, heldAnswer, http, server } from '../../test/server.ts';

type Status = 'pending' | 'rejected' | 'active' | null;

function statusIs(status: Status) {
  server.use(http.get('/api/v1/agents', ({ response }) => response(200).json({ status })));
}

/** Opens the form as a new company, fills it in validly (documents included) and submits it. */
async function submitValidForm(): Promise<void> {
  const { user } = renderApp('/agent-registration', { user: newAgent });
  await screen.findByRole('heading', { name: 'Complete your account' });
  const { fillValidForm } = await import('./registration-test-kit.ts');
  await fillValidForm(user);
  await screen.findByText('poa.pdf');
  await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
}

describe('agent registration status', () => {
  it('shows a loader while the status loads', async () => {
    const gate = heldAnswer('/api/v1/agents', { status: null });
    renderApp('/agent-registration', { user: newAgent });
    expect(await screen.findByText('Loading your account...')).toBeInTheDocument();
    gate.open();
    expect(await screen.findByRole('heading', { name: 'Complete your account' })).toBeInTheDocument();
  });

  it('shows the registration form before the company registered', async () => {
    statusIs(null);
    renderApp('/agent-registration', { user: newAgent });
    expect(await screen.findByRole('heading', { name: 'Complete your account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit for approval' })).toBeInTheDocument();
  });

  it('pending: application in review, with the email address and the support contact', async () => {
    statusIs('pending');
    renderApp('/agent-registration', { user: pendingAgent });
    expect(await screen.findByRole('heading', { name: 'Your application is in review' })).toBeInTheDocument();
    expect(screen.getByText(/submitted for validation/)).toHaveTextContent(
      'Your request was submitted for validation. Please revisit this page later; you will receive an email notification at pending@example.com when it has been reviewed.',
    );
    expect(await screen.findByText('Questions? Contact support@acme.test')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for approval' })).not.toBeInTheDocument();
  });

  it('rejected: not approved, an administrator will make contact', async () => {
    statusIs('rejected');
    renderApp('/agent-registration', { user: rejectedAgent });
    expect(
      await screen.findByRole('heading', { name: 'Your application was not approved' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Your request was not approved. An administrator will contact you.'),
    ).toBeInTheDocument();
  });

  it('active: goes to /users, and the session knows the company is active', async () => {
    statusIs('active');
    const { router, queryClient } = renderApp('/agent-registration', { user: pendingAgent });
    await waitFor(() => expect(currentPath(router)).toBe('/users'));
    expect(queryClient.getQueryData<CurrentUser>(currentUserQueryKey)?.agentStatus).toBe('active');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
  });

  it("a failed status fetch says Couldn't get your account information and goes to /login", async () => {
    server.use(http.get('/api/v1/agents', ({ response }) => response(500).json(errorBody('INTERNAL_ERROR'))));
    const { router } = renderApp('/agent-registration', { user: newAgent });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Couldn't get your account information. Please try again later..",
    );
  });

  it('submitting leads to pending: success message, form reset, status fetched again', async () => {
    let status: Status = null;
    server.use(
      http.get('/api/v1/agents', ({ response }) => response(200).json({ status })),
      http.get('/api/v1/agents/files', ({ response }) =>
        response(200).json([
          { id: 'fil_reg_1', section: 'REGISTRATION', filename: 'extract.pdf' },
          { id: 'fil_rep_1', section: 'REPRESENTATIVE', filename: 'poa.pdf' },
        ]),
      ),
      http.post('/api/v1/agents', ({ response }) => {
        status = 'pending';
        return response(201).json({ status: 'pending' });
      }),
    );
    await submitValidForm();
    expect(await screen.findByText('Your account was submitted for approval')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your application is in review' })).toBeInTheDocument();
    expect(window.localStorage.getItem(`portal.registrationDraft.${newAgent.id}`)).toBeNull();
  });

  it("a failed submission says Couldn't complete form submission due to some errors and keeps the form", async () => {
    server.use(
      http.get('/api/v1/agents/files', ({ response }) =>
        response(200).json([
          { id: 'fil_reg_1', section: 'REGISTRATION', filename: 'extract.pdf' },
          { id: 'fil_rep_1', section: 'REPRESENTATIVE', filename: 'poa.pdf' },
        ]),
      ),
      http.post('/api/v1/agents', ({ response }) => response(400).json(errorBody('MISSING_DOCUMENTS'))),
    );
    await submitValidForm();
    expect(
      await screen.findByText("Couldn't complete form submission due to some errors"),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Company legal name')).toHaveValue('Acme Mobility S.A.');
  });
});
