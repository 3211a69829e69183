import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Schemas } from '../../lib/api/types.ts';
import { activeAgent, admin, owner, portalConfig } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { currentUserHandler, http, server } from '../../test/server.ts';

// The simulator panel as a developer uses it: the real launcher, panel and sections, with the
// simulator operations answered by MSW from the contract's types.

const listPersonasOp: Schemas['SimulationOperation'] = {
  operationId: 'listClaimedInvitations',
  method: 'GET',
  path: '/api/v1/invitations/claimed/{filter}',
  summary: "The user's data recipients",
  statuses: [200, 400, 401, 403, 500],
  errorCodes: [
    { status: 400, code: 'VALIDATION_FAILED' },
    { status: 500, code: 'INTERNAL_ERROR' },
  ],
};

async function openPanel(tab: string) {
  const app = renderApp('/products', { user: owner });
  await app.user.click(await screen.findByRole('button', { name: 'Simulator' }));
  const panel = await screen.findByRole('dialog', { name: 'Simulator' });
  await app.user.click(within(panel).getByRole('tab', { name: tab }));
  return { ...app, panel };
}

describe('simulator panel', () => {
  // The panel opens on its persona tab.
  beforeEach(() => {
    server.use(http.get('/api/v1/sim/personas', ({ response }) => response(200).json([owner])));
  });

  it('has its launcher in demo, development and test modes, never in production', async () => {
    for (const mode of ['production', 'development', 'test'] as const) {
      server.use(http.get('/api/v1/config', ({ response }) => response(200).json({ ...portalConfig, mode })));
      const { unmount } = renderApp('/products', { user: owner });
      await screen.findByRole('heading', { level: 1 });
      if (mode === 'production') expect(screen.queryByRole('button', { name: 'Simulator' })).toBeNull();
      else expect(await screen.findByRole('button', { name: 'Simulator' })).toBeInTheDocument();
      unmount();
    }
  });

  it('lists every persona with role and state, and switches in one click', async () => {
    const switched: string[] = [];
    server.use(
      http.get('/api/v1/sim/personas', ({ response }) => response(200).json([owner, activeAgent, admin])),
      http.post('/api/v1/sim/persona', async ({ request, response }) => {
        const { email } = await request.json();
        switched.push(email);
        // The server's session is now the persona's.
        server.use(currentUserHandler(activeAgent));
        return response(200).json(activeAgent);
      }),
    );
    const { user, panel } = await openPanel('Persona');
    const list = await within(panel).findByRole('list', { name: 'Personas' });
    const current = within(list).getByRole('button', { pressed: true });
    expect(current).toHaveTextContent(owner.email);
    expect(current).toHaveTextContent('owner · active');
    const company = within(list).getByRole('button', { name: new RegExp(activeAgent.email) });
    expect(company).toHaveTextContent('company · approved');
    await user.click(company);
    await waitFor(() => expect(switched).toEqual([activeAgent.email]));
    await waitFor(() => expect(company).toHaveAttribute('aria-pressed', 'true'));
  });

  it('offers only the answers the contract declares, keeps the count in range and injects', async () => {
    const injected: Schemas['FaultInput'][] = [];
    server.use(
      http.get('/api/v1/sim/operations', ({ response }) => response(200).json([listPersonasOp])),
      http.get('/api/v1/sim/faults', ({ response }) => response(200).json([])),
      http.post('/api/v1/sim/faults', async ({ request, response }) => {
        injected.push(await request.json());
        return response(201).json({ ...listPersonasOp, ...injected[0], remaining: 3 } as never);
      }),
    );
    const { user, panel } = await openPanel('Faults');
    const inject = await within(panel).findByRole('button', { name: 'Inject' });
    expect(inject).toBeDisabled();
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Operation' }),
      'listClaimedInvitations',
    );
    const answers = within(within(panel).getByRole('combobox', { name: 'Answer' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(answers).toEqual([
      '400 VALIDATION_FAILED',
      '500 INTERNAL_ERROR',
      '200',
      '401',
      '403',
      'Delay only (no error)',
      '418 (not in the contract: a violation)',
    ]);
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Answer' }), '500:INTERNAL_ERROR');
    const count = within(panel).getByRole('spinbutton', { name: 'Calls affected' });
    await user.tripleClick(count);
    await user.keyboard('500');
    expect(count).toHaveValue(100);
    await user.tripleClick(count);
    await user.keyboard('3');
    expect(count).toHaveValue(3);
    await user.click(inject);
    await waitFor(() =>
      expect(injected).toEqual([
        { operationId: 'listClaimedInvitations', status: 500, code: 'INTERNAL_ERROR', count: 3 },
      ]),
    );
  });

  it('shows simulated time and jumps ahead by the chosen amount', async () => {
    const jumps: number[] = [];
    let now = '2026-11-23T10:00:00.000Z';
    server.use(
      http.get('/api/v1/sim/clock', ({ response }) => response(200).json({ now, speed: 1 })),
      http.post('/api/v1/sim/clock/advance', async ({ request, response }) => {
        const { minutes } = await request.json();
        jumps.push(minutes);
        now = '2026-11-24T10:00:00.000Z';
        return response(200).json({ now, speed: 1 });
      }),
    );
    const { user, panel } = await openPanel('Clock');
    const time = await within(panel).findByText((_, element) => element?.tagName === 'TIME');
    expect(time).toHaveAttribute('dateTime', '2026-11-23T10:00:00.000Z');
    expect(within(panel).getByRole('combobox', { name: 'Speed' })).toHaveValue('1');
    await user.click(within(panel).getByRole('button', { name: '+1 day' }));
    await waitFor(() => expect(jumps).toEqual([1440]));
    await waitFor(() =>
      expect(panel.querySelector('time')).toHaveAttribute('dateTime', '2026-11-24T10:00:00.000Z'),
    );
  });

  it('lists the calls newest first, highlights a contract violation and expands to request and response', async () => {
    const calls: Schemas['SimulationCall'][] = [
      {
        id: 'c2',
        at: '2026-11-23T10:00:02.000Z',
        method: 'GET',
        path: '/api/v1/products',
        operationId: 'listProducts',
        status: 418,
        durationMs: 12,
        violation: 'status 418 is not declared for listProducts',
        requestBody: null,
        responseBody: '{"errors":[{"code":"INTERNAL_ERROR","message":"x"}]}',
      },
      {
        id: 'c1',
        at: '2026-11-23T10:00:01.000Z',
        method: 'GET',
        path: '/api/v1/users/me',
        operationId: 'getCurrentUser',
        status: 200,
        durationMs: 3,
        violation: null,
        requestBody: null,
        responseBody: '{"id":"u"}',
      },
    ];
    server.use(http.get('/api/v1/sim/calls', ({ response }) => response(200).json(calls)));
    const { panel } = await openPanel('Calls');
    expect(await within(panel).findByText('2 calls, 1 contract violations')).toBeInTheDocument();
    const entries = within(within(panel).getByRole('list', { name: 'API calls, newest first' })).getAllByRole(
      'listitem',
    );
    expect(entries[0]).toHaveClass('simulator__call--violation');
    expect(within(entries[0] as HTMLElement).getByText('Contract violation')).toBeInTheDocument();
    expect(entries[1]).not.toHaveClass('simulator__call--violation');
    expect(within(entries[0] as HTMLElement).getByText(/"code": "INTERNAL_ERROR"/)).toBeInTheDocument();
  });
});
