import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { downloadJobsQueryKey } from '../features/products/api/use-download-jobs.ts';
import { productsQueryKey } from '../features/products/api/use-products.ts';
import type { CurrentUser } from '../lib/api/types.ts';
import { portalConfigQueryOptions } from '../lib/branding.ts';
import { currentUserQueryKey } from '../lib/session/current-user.ts';

/**
 * The GET calls whose answers the server may write into a signed-in page (it renders the page from
 * them, server/src/plugins/web-app-page.ts), with the query each answer seeds.
 */
const firstAnswerKeys: Record<string, QueryKey> = {
  '/api/v1/config': portalConfigQueryOptions().queryKey,
  '/api/v1/products': productsQueryKey,
  '/api/v1/products/download/jobs': downloadJobsQueryKey,
};

/** The query cache as the page's first render reads it: the user and the answers the page came with. */
export function seedFirstAnswers(
  client: QueryClient,
  user: CurrentUser,
  answers: Record<string, unknown>,
): void {
  client.setQueryData<CurrentUser | null>(currentUserQueryKey, user);
  for (const [path, answer] of Object.entries(answers)) {
    const key = firstAnswerKeys[path];
    if (key && answer !== undefined) client.setQueryData(key, answer);
  }
}
