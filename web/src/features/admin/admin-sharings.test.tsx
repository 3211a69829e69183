import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../lib/api/api-error.ts';
import { admin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { errorBody, http, server } from '../../test/server.ts';
import { acceptedSharing, declinedSharing, pausedSharing, type Sharing } from './admin-test-kit.ts';

function card(owner: string): HTMLElement {
  return screen.getByRole('heading', { name: new RegExp(`^${owner} →`) }).closest('li') as HTMLElement;
}

async function openSharings(list: () => Sharing[]) {
  server.use(http.get('/api/v1/admin/sharings', ({ response }) => response(200).json(list())));
  const app = renderApp('/admin', { user: admin });
  await app.user.click(await screen.findByRole('tab', { name: 'Data sharings' }));
  await screen.findAllByRole('heading', { name: /→ Fleet Analytics/, level: 3 });
  return app;
}

function actionHandlers(
  answer: 200 | { status: 404 | 409 | 500; code: ErrorCode },
  onChange: (s: Sharing) => void,
) {
  const calls: string[] = [];
  const handler = (path: 'suspend' | 'resume') =>
    http.put(`/api/v1/admin/sharings/{id}/${path}`, ({ params, response }) => {
      calls.push(`${path}:${params.id}`);
      if (answer !== 200) return response(answer.status).json(errorBody(answer.code));
      const base = params.id === acceptedSharing.id ? acceptedSharing : pausedSharing;
      const changed: Sharing = { ...base, status: path === 'suspend' ? 'PAUSED_BY_ADMIN' : 'ACCEPTED' };
      onChange(changed);
      return response(200).json(changed);
    });
  server.use(handler('suspend'), handler('resume'));
  return calls;
}

describe('admin: data sharings', () => {
  it('lists sharings with status badges; Suspend for accepted, Resume for paused, nothing otherwise', async () => {
    await openSharings(() => [acceptedSharing, pausedSharing, declinedSharing]);
    const olga = card('Olga Owner');
    expect(within(olga).getByText('Active')).toHaveClass('ui-badge--active');
    expect(within(olga).getByText('User: Olga Owner (owner@example.com)')).toBeInTheDocument();
    expect(within(olga).getByText(/Products shared: 2/)).toBeInTheDocument();
    expect(within(olga).getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
    expect(within(card('Paul Paused')).getByText('Paused')).toHaveClass('ui-badge--paused');
    expect(within(card('Paul Paused')).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(within(card('Dana Declined')).queryByRole('button')).toBeNull();
  });

  it.each([
    {
      action: 'Suspend',
      sharing: acceptedSharing,
      owner: 'Olga Owner',
      description: 'Fleet Analytics stops receiving data from Olga Owner until the sharing is resumed.',
      done: 'Data sharing suspended',
      call: 'suspend:inv_accepted',
      after: 'Paused',
    },
    {
      action: 'Resume',
      sharing: pausedSharing,
      owner: 'Paul Paused',
      description: undefined,
      done: 'Data sharing resumed',
      call: 'resume:inv_paused',
      after: 'Active',
    },
  ])('$action: after confirmation the sharing shows $after', async (example) => {
    let list = [example.sharing];
    const calls = actionHandlers(200, (changed) => {
      list = [changed];
    });
    const { user } = await openSharings(() => list);
    await user.click(within(card(example.owner)).getByRole('button', { name: example.action }));
    const dialog = await screen.findByRole('dialog', { name: `${example.action} data sharing?` });
    if (example.description) expect(dialog).toHaveAccessibleDescription(example.description);
    await user.click(within(dialog).getByRole('button', { name: example.action }));
    expect(await screen.findByText(example.done)).toBeInTheDocument();
    expect(calls).toEqual([example.call]);
    expect(await within(card(example.owner)).findByText(example.after)).toBeInTheDocument();
  });

  it.each([
    [409, 'INVALID_SHARING_STATE', 'This data sharing cannot be changed in its current state.'],
    [404, 'SHARING_NOT_FOUND', 'This data sharing could not be found.'],
    [500, 'INTERNAL_ERROR', "Couldn't suspend the data sharing. Try again later.."],
  ] as const)('a suspend answered %i %s shows an error', async (status, code, message) => {
    actionHandlers({ status, code }, () => undefined);
    const { user } = await openSharings(() => [acceptedSharing]);
    await user.click(within(card('Olga Owner')).getByRole('button', { name: 'Suspend' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
