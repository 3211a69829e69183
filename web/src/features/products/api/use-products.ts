import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../../../lib/api/client.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';

export const PRODUCTS_STALE_TIME = 5 * 60 * 1000;

/** The key openapi-react-query derives for GET /api/v1/products (read and written by the toggle). */
export const productsQueryKey = $api.queryOptions('get', '/api/v1/products', {}).queryKey;

/** GET /api/v1/products: one retry, fresh for 5 minutes, no refetch on window focus. */
export function useProducts() {
  const { t } = useTranslation();
  const notify = useNotify();
  const query = $api.useQuery(
    'get',
    '/api/v1/products',
    {},
    { retry: 1, staleTime: PRODUCTS_STALE_TIME, refetchOnWindowFocus: false },
  );
  const { isError } = query;

  // Once per failure episode (the retry is included), not on every render.
  useEffect(() => {
    if (isError) notify.error(t('products.errors.fetch'));
  }, [isError, notify, t]);

  return query;
}
