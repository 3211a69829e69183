import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveDocuments } from '../../test/documents.ts';
import { owner, termsUser } from '../../test/fixtures.ts';
import { currentPath, renderApp } from '../../test/render.tsx';
import { errorBody, http, server } from '../../test/server.ts';

function trackLogout() {
  const calls: string[] = [];
  server.use(
    http.post('/api/logout', ({ response }) => {
      calls.push('logout');
      return response(204).empty();
    }),
  );
  return calls;
}

/** Renders /products for the terms persona; `ownProfileHandler` keeps a test's own /users/me handler. */
async function openTerms(ownProfileHandler = false) {
  const rendered = renderApp('/products', ownProfileHandler ? {} : { user: termsUser });
  const dialog = await screen.findByRole('dialog', { name: 'In order to continue' });
  return { ...rendered, dialog };
}

describe('terms modal', () => {
  it('blocks the app: only the modal with the question is shown', async () => {
    const { dialog, user } = await openTerms();
    expect(within(dialog).getByText('Do you accept the terms of use?')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Connected Products' })).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'In order to continue' })).toBeInTheDocument();
  });

  it('accepting sends the terms id and replaces the current user with the answer', async () => {
    const accepted: string[] = [];
    let profileCalls = 0;
    server.use(
      http.get('/api/v1/users/me', ({ response }) => {
        profileCalls += 1;
        return response(200).json(termsUser);
      }),
      http.put('/api/v1/users/terms/{termsId}/accept', ({ params, response }) => {
        accepted.push(params.termsId);
        return response(200).json({ ...termsUser, termsToAccept: null });
      }),
    );
    const { dialog, user, queryClient } = await openTerms(true);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, I accept & acknowledge' }));
    expect(await screen.findByRole('heading', { name: 'Connected Products' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(accepted).toEqual(['tnc-2025-01']);
    expect(profileCalls).toBe(1);
    expect(queryClient.getQueryData(['get', '/api/v1/users/me'])).toMatchObject({ termsToAccept: null });
  });

  it('No logs out and goes to /login', async () => {
    const logout = trackLogout();
    const { dialog, user, router } = await openTerms();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(logout).toEqual(['logout']);
  });

  it('acceptTncFailure: shows cannot proceed, then logs out', async () => {
    const logout = trackLogout();
    server.use(
      http.put('/api/v1/users/terms/{termsId}/accept', ({ response }) =>
        response(409).json(errorBody('TERMS_NOT_PENDING')),
      ),
    );
    const { dialog, user, router } = await openTerms();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, I accept & acknowledge' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot proceed');
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(logout).toEqual(['logout']);
  });

  it('opens the terms PDF for the role after a successful HEAD check', async () => {
    const { open, checked } = serveDocuments('/tnc/{document}');
    const { dialog, user } = await openTerms();
    await user.click(within(dialog).getByRole('button', { name: /Read the terms of use/ }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/tnc/tnc-2025-01_user_en.pdf'));
    expect(checked).toEqual(['tnc-2025-01_user_en.pdf']);
  });

  it('fileMissing: a missing terms PDF shows the 7000 ms error with the file name, then logs out', async () => {
    const { open } = serveDocuments('/tnc/{document}', 404);
    const logout = trackLogout();
    const { dialog, user, router, notificationStore } = await openTerms();
    await user.click(within(dialog).getByRole('button', { name: /Read the terms of use/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'cannot load the Terms and Conditions, try later or contact support (tnc-2025-01_user_en.pdf)',
    );
    expect(notificationStore.getSnapshot()[0]?.duration).toBe(7000);
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(logout).toEqual(['logout']);
    expect(open).not.toHaveBeenCalled();
  });

  it('treats a terms answer that is not a PDF as missing', async () => {
    trackLogout();
    serveDocuments('/tnc/{document}', 200, 'text/html');
    const { dialog, user } = await openTerms();
    await user.click(within(dialog).getByRole('button', { name: /Read the terms of use/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot load the Terms and Conditions');
  });

  it('shows nothing blocking for a user without terms to accept', async () => {
    renderApp('/products', { user: owner });
    expect(await screen.findByRole('heading', { name: 'Connected Products' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
