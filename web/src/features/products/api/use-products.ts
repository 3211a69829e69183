import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../../../lib/api/client.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';

export const PRODUCTS_STALE_TIME = 5 * 60 * 1000;

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
  const { isError, errorUpdatedAt } = query;

  useEffect(() => {
    if (isError) notify.error(t('products.errors.fetch'));
  }, [isError, errorUpdatedAt, notify, t]);

  return query;
}
