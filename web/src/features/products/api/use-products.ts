import { useQuery } from '@tanstack/react-query';
import { $api } from '../../../lib/api/client.ts';

export const PRODUCTS_STALE_TIME = 5 * 60 * 1000;

/** The key openapi-react-query derives for GET /api/v1/products (read and written by the toggle). */
export const productsQueryKey = $api.queryOptions('get', '/api/v1/products', {}).queryKey;

/** GET /api/v1/products: one retry (then one notification), fresh for 5 minutes, no refetch on window focus. */
export function productsQueryOptions() {
  return $api.queryOptions(
    'get',
    '/api/v1/products',
    {},
    {
      retry: 1,
      staleTime: PRODUCTS_STALE_TIME,
      refetchOnWindowFocus: false,
      // A failure (also of the first page's prefetch, app/first-page.ts) stays on screen with its
      // "Try again" rather than being retried out of sight when the page mounts.
      retryOnMount: false,
      meta: { errorMessage: 'products.errors.fetch' },
    },
  );
}

export function useProducts() {
  return useQuery(productsQueryOptions());
}
