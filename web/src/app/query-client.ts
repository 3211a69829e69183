import { QueryClient } from '@tanstack/react-query';

/** No retries by default (the agent and invitation flows never retry); screens opt in (products: one retry). */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
