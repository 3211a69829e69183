import { $api } from './api/client.ts';
import type { PortalConfig } from './api/types.ts';

export type Branding = Pick<PortalConfig, 'productName' | 'manufacturer' | 'supportEmail'>;

/** Neutral defaults until GET /api/v1/config answers; a deployment changes them by configuration. */
export const DEFAULT_BRANDING: Branding = {
  productName: 'Data Act Portal',
  manufacturer: '',
  supportEmail: '',
};

export function usePortalConfig() {
  return $api.useQuery('get', '/api/v1/config', {}, { staleTime: Number.POSITIVE_INFINITY, retry: 1 });
}

export function useBranding(): Branding {
  const { data } = usePortalConfig();
  if (!data) return DEFAULT_BRANDING;
  return { productName: data.productName, manufacturer: data.manufacturer, supportEmail: data.supportEmail };
}
