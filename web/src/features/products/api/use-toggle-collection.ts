import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { $api } from '../../../lib/api/client.ts';
import type { Product, ProductList, Schemas } from '../../../lib/api/types.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';
import { productsQueryKey } from './use-products.ts';

export type CollectionAction = Schemas['CollectionAction'];

function withProduct(list: ProductList, id: string, change: (product: Product) => Product): ProductList {
  const apply = (products: Product[]) =>
    products.map((product) => (product.id === id ? change(product) : product));
  return { vehicles: apply(list.vehicles), wallboxes: apply(list.wallboxes) };
}

/**
 * POST /api/v1/products/{id}/collect/{action}: applied to the products cache at once and rolled
 * back when the server refuses; the server's answer then replaces the optimistic product.
 */
export function useToggleCollection() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();

  const mutation = $api.useMutation('post', '/api/v1/products/{id}/collect/{action}', {
    onMutate: async ({ params }) => {
      await queryClient.cancelQueries({ queryKey: productsQueryKey });
      const previous = queryClient.getQueryData<ProductList>(productsQueryKey);
      const enabled = params.path.action === 'ENABLE';
      if (previous) {
        queryClient.setQueryData<ProductList>(
          productsQueryKey,
          withProduct(previous, params.path.id, (product) => ({
            ...product,
            dataCollectionEnabled: enabled,
          })),
        );
      }
      return { previous };
    },
    onError: (error, { params }, context) => {
      if (context?.previous) queryClient.setQueryData(productsQueryKey, context.previous);
      const action = params.path.action === 'ENABLE' ? 'enable' : 'disable';
      notify.apiError(t('products.errors.toggle', { action: t(`products.actions.${action}`) }), error);
    },
    onSuccess: (updated) => {
      const current = queryClient.getQueryData<ProductList>(productsQueryKey);
      if (current)
        queryClient.setQueryData(
          productsQueryKey,
          withProduct(current, updated.id, () => updated),
        );
      notify.success(t('products.toggleSuccess'));
    },
  });

  const toggle = (product: Product, action: CollectionAction) =>
    mutation.mutate({ params: { path: { id: product.id, action } } });

  const pendingProductId = mutation.isPending ? (mutation.variables?.params.path.id ?? null) : null;

  return {
    toggle,
    isPending: mutation.isPending,
    pendingProductId,
    pendingAction: mutation.variables?.params.path.action,
  };
}
