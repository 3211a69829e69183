import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin } from '../../test/fixtures.ts';
import { pageOf } from '../../test/paged-answer.ts';
import { renderApp } from '../../test/render.tsx';
import { errorBody, http, server } from '../../test/server.ts';
import { type Application, pendingApplication } from './admin-test-kit.ts';

const many: Application[] = Array.from({ length: 55 }, (_, index) => ({
  ...pendingApplication,
  id: `app_${index}`,
  registration: { ...pendingApplication.registration, displayName: `Company ${index}` },
}));

/** Answers the applications list page by page; `failCursor` makes the page at that cursor fail once. */
function pagedApplications(list: Application[], failCursor?: string) {
  const requests: URLSearchParams[] = [];
  let failed = false;
  server.use(
    http.get('/api/v1/admin/applications', ({ request, response }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      if (params.get('cursor') === failCursor && !failed) {
        failed = true;
        return response(500).json(errorBody('INTERNAL_ERROR'));
      }
      const q = params.get('q')?.toLowerCase();
      const matching = q
        ? list.filter((app) => app.registration.displayName.toLowerCase().includes(q))
        : list;
      const page = pageOf(request, matching);
      return response(200).json(page.body, page.init);
    }),
  );
  return requests;
}

describe('admin: company applications page by page', () => {
  it('asks for pages of 50, announces the whole size and loads the next page from the Link header', async () => {
    const requests = pagedApplications(many);
    renderApp('/admin', { user: admin });
    expect(await screen.findByRole('list', { name: 'Company applications' })).toBeInTheDocument();
    expect(screen.getByText('55 items in the list')).toBeInTheDocument();
    expect(requests[0]?.get('limit')).toBe('50');
    expect(requests[0]?.get('status')).toBe('pending');
    await waitFor(() => expect(requests.map((params) => params.get('cursor'))).toEqual([null, '50']));
    expect(await screen.findByText('End of the list: 55 items')).toBeInTheDocument();
    const first = screen.getAllByRole('listitem')[0];
    expect(first).toHaveAttribute('aria-setsize', '55');
    expect(first).toHaveAttribute('aria-posinset', '1');
  });

  it('searches on the server after a pause and keeps the search in the URL', async () => {
    const requests = pagedApplications(many);
    const { user, router } = renderApp('/admin', { user: admin });
    await screen.findByText('55 items in the list');
    await user.click(screen.getByRole('searchbox', { name: 'Search by company, e-mail or VAT number' }));
    await user.paste('Company 42');
    expect(await screen.findByText('1 item in the list')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Company 42', level: 3 })).toBeInTheDocument();
    expect(requests.at(-1)?.get('q')).toBe('Company 42');
    expect(router.state.location.search).toBe('?q=Company+42');
    await user.clear(screen.getByRole('searchbox'));
    await user.paste('nobody');
    expect(await screen.findByText('Nothing matches "nobody".')).toBeInTheDocument();
  });

  it('shows a failed next page at the end of the list with a retry that loads it', async () => {
    pagedApplications(many, '50');
    const { user } = renderApp('/admin', { user: admin });
    expect(await screen.findByText('The next items could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Company 0', level: 3 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('End of the list: 55 items')).toBeInTheDocument();
  });

  it('shows a failed first page with a retry instead of the empty state', async () => {
    let fail = true;
    server.use(
      http.get('/api/v1/admin/applications', ({ request, response }) => {
        if (fail) return response(500).json(errorBody('INTERNAL_ERROR'));
        const page = pageOf(request, many);
        return response(200).json(page.body, page.init);
      }),
    );
    const { user } = renderApp('/admin', { user: admin });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.queryByText('No company applications')).toBeNull();
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('55 items in the list')).toBeInTheDocument();
  });
});
