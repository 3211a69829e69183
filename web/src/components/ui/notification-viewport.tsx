import { useTranslation } from 'react-i18next';
import type { Notification, NotificationStyle } from '../../lib/notifications/notification-store.ts';
import { useNotifications, useNotify } from '../../lib/notifications/notifications-context.tsx';
import { CloseIcon } from './icons.tsx';

function NotificationItem({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const { remove } = useNotify();
  const urgent = notification.type === 'error' || notification.type === 'warning';
  return (
    <li
      className={`ui-notification ui-notification--${notification.type} ui-notification--${notification.style}`}
      data-notification-id={notification.id}
    >
      {/* The live region is inside the list item: a role on the <li> would break the list semantics. */}
      <div
        className="ui-notification__message"
        role={urgent ? 'alert' : 'status'}
        aria-live={urgent ? 'assertive' : 'polite'}
        aria-atomic="true"
      >
        <p>{notification.message}</p>
        {notification.detail && <p className="ui-notification__detail">{notification.detail}</p>}
      </div>
      <button
        type="button"
        className="ui-notification__close"
        aria-label={t('notifications.dismiss')}
        onClick={() => remove(notification.id)}
      >
        <CloseIcon size={16} />
      </button>
    </li>
  );
}

function NotificationList({ style, items }: { style: NotificationStyle; items: readonly Notification[] }) {
  const { t } = useTranslation();
  return (
    // aria-live="off" (each item is its own live region): an open modal dialog hides everything but
    // live regions from assistive technology, so the list must be one to stay announced over a dialog.
    <section
      className={`ui-notifications ui-notifications--${style}`}
      aria-label={style === 'toast' ? t('notifications.regionToast') : t('notifications.region')}
      aria-live="off"
    >
      <ul>
        {items.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} />
        ))}
      </ul>
    </section>
  );
}

/** Banners at the top centre (the default style), toasts at the top right. */
export function NotificationViewport() {
  const notifications = useNotifications();
  const banners = notifications.filter((item) => item.style === 'banner');
  const toasts = notifications.filter((item) => item.style === 'toast');
  return (
    <>
      <NotificationList style="banner" items={banners} />
      <NotificationList style="toast" items={toasts} />
    </>
  );
}
