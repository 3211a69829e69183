import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/provider.tsx';
import { routes } from '../app/router.tsx';
import type { CurrentUser } from '../lib/api/types.ts';
import { createNotificationStore } from '../lib/notifications/notification-store.ts';
import { currentUserHandler, server } from './server.ts';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, retryDelay: 0, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

type RenderAppOptions = {
  /** The signed-in user answered by GET /api/v1/users/me; `null` answers 401. Omit to keep current handlers. */
  user?: CurrentUser | null;
};

/** Renders the real route tree at `path` inside the real providers, against the MSW handlers. */
export function renderApp(path: string, { user }: RenderAppOptions = {}) {
  if (user !== undefined) server.use(currentUserHandler(user));
  const queryClient = createTestQueryClient();
  const notificationStore = createNotificationStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={queryClient} notificationStore={notificationStore}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, notificationStore, user: userEvent.setup() };
}

/** Renders one component inside the providers (no router). */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createTestQueryClient();
  const notificationStore = createNotificationStore();
  const result = render(
    <AppProviders queryClient={queryClient} notificationStore={notificationStore}>
      {ui}
    </AppProviders>,
  );
  return { ...result, queryClient, notificationStore, user: userEvent.setup() };
}

export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname;
}
