import { type FirstPageState, PAGE_ELEMENT_IDS } from '@portal/contract/web-app';
import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../lib/api/types.ts';
import { portalConfigQueryOptions } from '../lib/branding.ts';
import { currentUserQueryKey } from '../lib/session/current-user.ts';
import { seedFirstAnswers } from './query-client.ts';

/** The JSON the server wrote into an element of the page, or null when absent or unreadable. */
function embedded(id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The user the server embedded in the page for a visit with a valid session: the exact answer of
 * GET /api/v1/users/me, so the app need not ask before drawing. Null when absent or unreadable.
 */
export function embeddedUser(): CurrentUser | null {
  const user = embedded(PAGE_ELEMENT_IDS.currentUser) as CurrentUser | null;
  return user && typeof user === 'object' && typeof user.id === 'string' ? user : null;
}

/**
 * The answers the server drew the page from (TanStack Query's dehydrated cache), when it drew it:
 * the app starts from them and draws the same page at once, without asking again. Null otherwise.
 */
export function embeddedState(): FirstPageState | null {
  const state = embedded(PAGE_ELEMENT_IDS.firstPageState) as FirstPageState | null;
  return state && Array.isArray(state.queries) && Array.isArray(state.mutations) ? state : null;
}

/** Longest wait for the configuration before drawing anyway (the page then shows its own loading). */
const FIRST_DATA_WAIT_MS = 1500;

/**
 * Seeds the query cache with the embedded user and, when the server drew the page, with the answers it
 * drew it from: the first render is then the server's page, complete. Otherwise the configuration is
 * asked first (the mode banner and the product name are drawn above every page; without them the page
 * moves), for at most FIRST_DATA_WAIT_MS, and the page loads its data as it renders.
 */
export function prepareFirstPage(client: QueryClient, user: CurrentUser): Promise<void> {
  client.setQueryData<CurrentUser | null>(currentUserQueryKey, user);
  const state = embeddedState();
  if (state) {
    seedFirstAnswers(client, state);
    return Promise.resolve();
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_DATA_WAIT_MS);
  });
  return Promise.race([client.prefetchQuery(portalConfigQueryOptions()), waited]).finally(() =>
    clearTimeout(timer),
  );
}
