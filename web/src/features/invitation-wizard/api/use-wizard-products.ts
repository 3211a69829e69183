import { $api } from '../../../lib/api/client.ts';

/** The same query (and derived key) as the products page: one retry, fresh for 5 minutes. */
export function useWizardProducts(enabled: boolean) {
  return $api.useQuery(
    'get',
    '/api/v1/products',
    {},
    { retry: 1, staleTime: 5 * 60 * 1000, refetchOnWindowFocus: false, enabled },
  );
}
