import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { sessionEnded } from '../api/api-error.ts';
import { errorNotice } from '../api/query-errors.ts';
import {
  createNotificationStore,
  type Notification,
  type NotificationInput,
  type NotificationStore,
} from './notification-store.ts';

const NotificationsContext = createContext<NotificationStore | null>(null);

export function NotificationsProvider({
  children,
  store,
}: {
  children: ReactNode;
  store?: NotificationStore;
}) {
  const [ownStore] = useState(() => store ?? createNotificationStore());
  useEffect(() => () => ownStore.dispose(), [ownStore]);
  return <NotificationsContext.Provider value={ownStore}>{children}</NotificationsContext.Provider>;
}

function useStore(): NotificationStore {
  const store = useContext(NotificationsContext);
  if (!store) throw new Error('useNotify must be used inside <NotificationsProvider>');
  return store;
}

export type Notify = {
  notify: (input: NotificationInput) => string;
  remove: (id?: string) => void;
  info: (message: string, duration?: number) => string;
  success: (message: string, duration?: number) => string;
  warning: (message: string, duration?: number) => string;
  error: (message: string, duration?: number) => string;
  /**
   * An error notification for a failed call, with the request id of its envelope when there is one;
   * none (the id '') when the session has ended (the shell says so).
   */
  apiError: (message: string, error: unknown, duration?: number) => string;
};

/** Show and remove notifications from any component. */
export function useNotify(): Notify {
  const store = useStore();
  return useMemo(() => {
    const of =
      (type: Notification['type']) =>
      (message: string, duration?: number): string =>
        store.notify(duration === undefined ? { message, type } : { message, type, duration });
    return {
      notify: store.notify,
      remove: store.remove,
      info: of('info'),
      success: of('success'),
      warning: of('warning'),
      error: of('error'),
      // A call refused because the session ended elsewhere is told once, by the shell.
      apiError: (message: string, error: unknown, duration?: number) =>
        sessionEnded(error) ? '' : store.notify(errorNotice(message, error, duration)),
    };
  }, [store]);
}

export function useNotifications(): readonly Notification[] {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
