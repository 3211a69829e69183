import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { owner } from '../../test/fixtures.ts';
import { pageOf } from '../../test/paged-answer.ts';
import { renderApp } from '../../test/render.tsx';
import { errorBody, http, server } from '../../test/server.ts';
import { entry, findCard } from './recipients-test-helpers.ts';

const agents = Array.from({ length: 55 }, (_, index) =>
  entry({ id: `inv_${index}`, displayName: `Company ${index}` }),
);
const links = Array.from({ length: 30 }, (_, index) =>
  entry({ id: `link_${index}`, type: 'invitation', displayName: null, site: null, status: 'CREATED' }),
);

/** Both lists page by page; records every request's query and fails the page at `failCursor` once. */
function pagedLists(failCursor?: string) {
  const requests: { list: 'claimed' | 'unclaimed'; params: URLSearchParams }[] = [];
  let failed = false;
  const answer = (list: 'claimed' | 'unclaimed', request: Request) => {
    const params = new URL(request.url).searchParams;
    requests.push({ list, params });
    const q = params.get('q')?.toLowerCase();
    const source = list === 'claimed' ? agents : links;
    return pageOf(request, q ? source.filter((e) => e.displayName?.toLowerCase() === q) : source);
  };
  server.use(
    http.get('/api/v1/invitations/claimed/{filter}', ({ request, response }) => {
      if (new URL(request.url).searchParams.get('cursor') === failCursor && !failed) {
        failed = true;
        return response(500).json(errorBody('INTERNAL_ERROR'));
      }
      const page = answer('claimed', request);
      return response(200).json(page.body, page.init);
    }),
    http.get('/api/v1/invitations/unclaimed/{filter}', ({ request, response }) => {
      const page = answer('unclaimed', request);
      return response(200).json(page.body, page.init);
    }),
  );
  return requests;
}

describe('data recipients page by page', () => {
  it('loads the shown tab in pages of 50 and counts the other tab from one limit=1 call', async () => {
    const requests = pagedLists();
    renderApp('/agents', { user: owner });
    await findCard('Company 0');
    expect(screen.getByText('55 items in the list')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /^Invitation Links/ })).toHaveAccessibleName(
        'Invitation Links, 30 new',
      ),
    );
    const unclaimed = requests.filter((r) => r.list === 'unclaimed');
    expect(unclaimed.map((r) => r.params.get('limit'))).toEqual(['1']);
    const claimed = requests.filter((r) => r.list === 'claimed');
    expect(claimed.every((r) => r.params.get('limit') === '50')).toBe(true);
    expect(claimed.some((r) => r.params.has('changedAfter'))).toBe(false);
  });

  it('searches the shown tab on the server and keeps the search in the URL', async () => {
    const requests = pagedLists();
    const { user, router } = renderApp('/agents', { user: owner });
    await findCard('Company 0');
    await user.click(screen.getByRole('searchbox', { name: 'Search by company, site or access code' }));
    await user.paste('Company 7');
    expect(await screen.findByText('1 item in the list')).toBeInTheDocument();
    expect(await findCard('Company 7')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=Company+7');
    expect(requests.at(-1)?.params.get('q')).toBe('Company 7');
    await user.clear(screen.getByRole('searchbox'));
    await user.paste('nobody');
    expect(await screen.findByText('Nothing matches "nobody".')).toBeInTheDocument();
  });

  it('shows a failed next page at the end of the list with a retry', async () => {
    pagedLists('50');
    const { user } = renderApp('/agents', { user: owner });
    expect(await screen.findByText('The next items could not be loaded.')).toBeInTheDocument();
    expect(await findCard('Company 0')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText('The next items could not be loaded.')).toBeNull());
  });
  it('says when the other tab’s badge could not be counted, instead of showing nothing new', async () => {
    pagedLists();
    server.use(
      http.get('/api/v1/invitations/unclaimed/{filter}', ({ response }) =>
        response(500).json(errorBody('INTERNAL_ERROR')),
      ),
    );
    renderApp('/agents', { user: owner });
    expect(await screen.findByText('Failed to fetch invitations. Try later..')).toBeInTheDocument();
    expect(await findCard('Company 0')).toBeInTheDocument();
  });
});
