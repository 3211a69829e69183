import { $api } from './api/client.ts';
import { type Branding, brandingOf } from './branding-defaults.ts';

export function usePortalConfig() {
  return $api.useQuery('get', '/api/v1/config', {}, { staleTime: Number.POSITIVE_INFINITY, retry: 1 });
}

export function useBranding(): Branding {
  return brandingOf(usePortalConfig().data);
}
