import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../lib/api/api-error.ts';
import { admin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { errorBody, http, sentRequests, server } from '../../test/server.ts';
import { type Application, activeApplication, pendingApplication } from './admin-test-kit.ts';

function card(name: string): HTMLElement {
  return screen.getByRole('heading', { name }).closest('li') as HTMLElement;
}

function applications(list: () => Application[]) {
  const statuses: (string | null)[] = [];
  server.use(
    http.get('/api/v1/admin/applications', ({ request, response }) => {
      const status = new URL(request.url).searchParams.get('status');
      statuses.push(status);
      return response(200).json(list().filter((app) => !status || app.status === status));
    }),
  );
  return statuses;
}

async function decide(
  decision: 'Approve' | 'Reject',
  answer: 200 | { status: 404 | 409 | 500; code: ErrorCode },
) {
  let list = [pendingApplication];
  const calls: string[] = [];
  applications(() => list);
  const handler = (path: 'approve' | 'reject') =>
    http.put(`/api/v1/admin/applications/{id}/${path}`, ({ params, response }) => {
      calls.push(`${path}:${params.id}`);
      if (answer !== 200) return response(answer.status).json(errorBody(answer.code));
      const decided: Application = {
        ...pendingApplication,
        status: path === 'approve' ? 'active' : 'rejected',
      };
      list = [decided];
      return response(200).json(decided);
    });
  server.use(handler('approve'), handler('reject'));
  const { user } = renderApp('/admin', { user: admin });
  await screen.findByRole('heading', { name: 'NewCo Mobility' });
  await user.click(within(card('NewCo Mobility')).getByRole('button', { name: decision }));
  const dialog = await screen.findByRole('dialog', { name: `${decision} application?` });
  await user.click(within(dialog).getByRole('button', { name: decision }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  return calls;
}

describe('admin: company applications', () => {
  it('lists pending applications first, with a status filter', async () => {
    const statuses = applications(() => [pendingApplication, activeApplication]);
    const { user } = renderApp('/admin', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Company applications' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const newco = card((await screen.findByRole('heading', { name: 'NewCo Mobility' })).textContent ?? '');
    expect(within(newco).getByText('Pending')).toHaveClass('ui-badge--pending');
    expect(within(newco).getByText(/Submitted: 10\/03\/2025/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Fleet Analytics' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Status: Pending' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Show all' }));
    expect(await screen.findByRole('heading', { name: 'Fleet Analytics' })).toBeInTheDocument();
    expect(within(card('Fleet Analytics')).getByText('Approved')).toBeInTheDocument();
    expect(within(card('Fleet Analytics')).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(statuses).toEqual(['pending', null]);
  });

  it('shows every registration field and the documents in the detail panel', async () => {
    applications(() => [pendingApplication]);
    const { user } = renderApp('/admin', { user: admin });
    await screen.findByRole('heading', { name: 'NewCo Mobility' });
    const toggle = screen.getByRole('button', { name: 'Show details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    const fields = Array.from(details.querySelectorAll('dt'), (term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(Object.fromEntries(fields)).toMatchObject({
      'Company legal name': 'New Company Mobility Services S.A.',
      'Commercial name': 'NewCo Mobility',
      'VAT number': '123456789',
      Country: 'Greece (GR)',
      Website: 'https://newco.example.com',
      'Company type': 'Small & Medium Enterprize',
      'Is the company on a sanctions list?': 'No',
      'Is the company a designated gatekeeper?': 'Yes',
      'Authorised representative': 'Ms. Eleni Nikolaou',
      Account: 'Petra Pending (pending@example.com)',
    });
    const link = within(details).getByRole('link', { name: /registry-extract\.pdf/ });
    expect(link).toHaveAttribute('href', '/api/v1/admin/files/fil_reg_1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(details).getByText('200 kB')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: /sme\.png/ })).toHaveAttribute(
      'href',
      '/api/v1/admin/files/fil_sme_1',
    );
  });

  it('approves after confirmation and refetches', async () => {
    const calls = await decide('Approve', 200);
    expect(calls).toEqual(['approve:app_pending']);
    expect(await screen.findByText('Application approved')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'NewCo Mobility' })).not.toBeInTheDocument(),
    );
  });

  it('rejects after confirmation', async () => {
    const calls = await decide('Reject', 200);
    expect(calls).toEqual(['reject:app_pending']);
    expect(await screen.findByText('Application rejected')).toBeInTheDocument();
  });

  it.each([
    {
      decision: 'Approve',
      status: 409,
      code: 'INVALID_APPLICATION_STATE',
      message: 'This application was already decided. Please refresh the page.',
    },
    {
      decision: 'Reject',
      status: 404,
      code: 'APPLICATION_NOT_FOUND',
      message: 'This application could not be found.',
    },
    {
      decision: 'Approve',
      status: 500,
      code: 'INTERNAL_ERROR',
      message: "Couldn't approve the application. Try again later..",
    },
    {
      decision: 'Reject',
      status: 500,
      code: 'INTERNAL_ERROR',
      message: "Couldn't reject the application. Try again later..",
    },
  ] as const)(
    '$decision answered $status $code shows an error',
    async ({ decision, status, code, message }) => {
      await decide(decision, { status, code });
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
    },
  );

  it('Cancel in the confirmation sends nothing', async () => {
    applications(() => [pendingApplication]);
    const sent = sentRequests();
    const { user } = renderApp('/admin', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.filter((request) => request.startsWith('PUT '))).toEqual([]);
  });

  it('reports a failed list', async () => {
    server.use(
      http.get('/api/v1/admin/applications', ({ response }) =>
        response(500).json(errorBody('INTERNAL_ERROR')),
      ),
    );
    renderApp('/admin', { user: admin });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch company applications');
  });
});
