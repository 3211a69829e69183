import { useQuery } from '@tanstack/react-query';
import { $api } from './api/client.ts';
import { type Branding, brandingOf } from './branding-defaults.ts';

/** GET /api/v1/config: read once per visit (also before the first render of a signed-in visit). */
export function portalConfigQueryOptions() {
  return $api.queryOptions('get', '/api/v1/config', {}, { staleTime: Number.POSITIVE_INFINITY, retry: 1 });
}

export function usePortalConfig() {
  return useQuery(portalConfigQueryOptions());
}

export function useBranding(): Branding {
  return brandingOf(usePortalConfig().data);
}
