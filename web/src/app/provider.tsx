import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../lib/i18n/i18n.ts';
import { createNotificationStore, type NotificationStore } from '../lib/notifications/notification-store.ts';
import { NotificationsProvider } from '../lib/notifications/notifications-context.tsx';
import { createAppQueryClient } from './query-client.ts';

export type AppProvidersProps = {
  children: ReactNode;
  /** Tests and startApp pass both (the client made with `createAppQueryClient` over the same store). */
  queryClient?: QueryClient;
  notificationStore?: NotificationStore;
  /** The server's render passes its own instance (the app's is global and writes to the document). */
  i18n?: I18n;
};

export function AppProviders({ children, queryClient, notificationStore, i18n: own }: AppProvidersProps) {
  const [store] = useState(() => notificationStore ?? createNotificationStore());
  const [client] = useState(() => queryClient ?? createAppQueryClient(store));
  const [i18n] = useState(() => own ?? initI18n());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <NotificationsProvider store={store}>{children}</NotificationsProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
