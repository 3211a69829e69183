import type { QueryClient } from '@tanstack/react-query';
import { downloadJobsQueryOptions } from '../features/products/api/use-download-jobs.ts';
import { productsQueryOptions } from '../features/products/api/use-products.ts';
import type { CurrentUser } from '../lib/api/types.ts';
import { portalConfigQueryOptions } from '../lib/branding.ts';
import { currentUserQueryKey } from '../lib/session/current-user.ts';
import { seedFirstAnswers } from './first-answers.ts';

/** The element the server writes the signed-in user into (server/src/plugins/web-app-page.ts). */
const EMBEDDED_USER_ID = 'portal-current-user';
/** The element it writes the page's first answers into, when it rendered the page itself. */
const EMBEDDED_ANSWERS_ID = 'portal-first-answers';

/**
 * The user the server embedded in the page for a visit with a valid session: the exact answer of
 * GET /api/v1/users/me, so the app need not ask before drawing. Null when absent or unreadable.
 */
export function embeddedUser(): CurrentUser | null {
  const text = document.getElementById(EMBEDDED_USER_ID)?.textContent;
  if (!text) return null;
  try {
    const user = JSON.parse(text) as CurrentUser | null;
    return user && typeof user === 'object' && typeof user.id === 'string' ? user : null;
  } catch {
    return null;
  }
}

/**
 * The answers the server rendered the page from (GET path → body), when it did: the app seeds them
 * and draws the same page at once, without asking again. Null when absent or unreadable.
 */
export function embeddedAnswers(): Record<string, unknown> | null {
  const text = document.getElementById(EMBEDDED_ANSWERS_ID)?.textContent;
  if (!text) return null;
  try {
    const answers = JSON.parse(text) as unknown;
    return answers && typeof answers === 'object' && !Array.isArray(answers)
      ? (answers as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A screen's first calls, started before the first render (the server preloads the same URLs). */
const firstCalls: Record<string, (client: QueryClient) => Promise<void>[]> = {
  '/products': (client) => [
    client.prefetchQuery(productsQueryOptions()),
    client.prefetchQuery(downloadJobsQueryOptions()),
  ],
};

/** Longest wait for a first page's data before drawing anyway (the page then shows its own loading). */
const FIRST_DATA_WAIT_MS = 1500;

/**
 * Seeds the query cache with the embedded user and starts the page's first calls, resolving when they
 * have answered (or after FIRST_DATA_WAIT_MS), so the first render draws the whole page at once
 * instead of a loading screen, then a header, then the data (each a layout shift).
 */
export function prepareFirstPage(client: QueryClient, pathname: string, user: CurrentUser): Promise<void> {
  const answers = embeddedAnswers();
  if (answers) {
    seedFirstAnswers(client, user, answers);
    return Promise.resolve();
  }
  client.setQueryData<CurrentUser | null>(currentUserQueryKey, user);
  const calls = firstCalls[pathname.replace(/\/+$/, '')];
  // The page's calls only for the user the page is for: a redirect or the terms to accept come first.
  const pageCalls = calls && user.role === 'user' && !user.termsToAccept ? calls(client) : [];
  // The configuration (mode banner, branding) is drawn above every page: without it the page moves.
  const all = Promise.all([client.prefetchQuery(portalConfigQueryOptions()), ...pageCalls]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_DATA_WAIT_MS);
  });
  return Promise.race([all.then(() => undefined), waited]).finally(() => clearTimeout(timer));
}
