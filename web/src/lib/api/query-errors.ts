import i18next, { type ParseKeys } from 'i18next';
import type { NotificationInput, NotificationStore } from '../notifications/notification-store.ts';
import { type ErrorCode, errorCodeOf, requestIdOf, sessionEnded } from './api-error.ts';

/**
 * How a failed query or mutation reaches the user, set as its `meta`. The query client's caches read
 * it (app/query-client.ts): this is the one place failures become notifications.
 */
export type ErrorMeta = {
  /** The notification's text. Without it there is no notification: the screen shows the failure itself. */
  errorMessage?: ParseKeys;
  /** Texts for particular error codes, in place of `errorMessage`. */
  errorMessages?: Partial<Record<ErrorCode, ParseKeys>>;
  /** Milliseconds on screen; the notification default (3000) otherwise. */
  errorDuration?: number;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

/** An error notification; the request id of the error envelope, when there is one, is its second line. */
export function errorNotice(message: string, error: unknown, duration?: number): NotificationInput {
  const requestId = requestIdOf(error);
  return {
    message,
    type: 'error',
    ...(requestId ? { detail: i18next.t('errors.requestId', { requestId }) } : {}),
    ...(duration === undefined ? {} : { duration }),
  };
}

/** Shows the notification a failed query or mutation asks for in its `meta`, if any. */
export function notifyFailure(store: NotificationStore, error: unknown, meta: ErrorMeta | undefined): void {
  if (sessionEnded(error)) return;
  const code = errorCodeOf(error);
  const key = (code && meta?.errorMessages?.[code]) || meta?.errorMessage;
  if (!key) return;
  const message = i18next.t(key);
  // The same failure still on screen (two lists of one page, a poll failing again) is not stacked.
  if (store.getSnapshot().some((item) => item.type === 'error' && item.message === message)) return;
  store.notify(errorNotice(message, error, meta?.errorDuration));
}
