import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/provider.tsx';
import { createAppQueryClient } from '../app/query-client.ts';
import { routes } from '../app/router.tsx';
import type { CurrentUser } from '../lib/api/types.ts';
import { createNotificationStore, type NotificationStore } from '../lib/notifications/notification-store.ts';
import { currentUserHandler, server } from './server.ts';

/** The app's client (failures become notifications in `notificationStore`), kept for the whole test. */
function createTestQueryClient(notificationStore: NotificationStore = createNotificationStore()) {
  return createAppQueryClient(notificationStore, {
    queries: { retry: false, retryDelay: 0, gcTime: Number.POSITIVE_INFINITY },
  });
}

type RenderAppOptions = {
  /** The signed-in user answered by GET /api/v1/users/me; `null` answers 401. Omit to keep current handlers. */
  user?: CurrentUser | null;
};

/** Renders the real route tree at `path` inside the real providers, against the MSW handlers. */
export function renderApp(path: string, { user }: RenderAppOptions = {}) {
  if (user !== undefined) server.use(currentUserHandler(user));
  const notificationStore = createNotificationStore();
  const queryClient = createTestQueryClient(notificationStore);
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
  const notificationStore = createNotificationStore();
  const queryClient = createTestQueryClient(notificationStore);
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
