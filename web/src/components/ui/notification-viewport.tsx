import { Toast } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification, NotificationStyle } from '../../lib/notifications/notification-store.ts';
import { useNotifications, useNotify } from '../../lib/notifications/notifications-context.tsx';
import { CloseIcon } from './icons.tsx';

function NotificationItem({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const { remove } = useNotify();
  const urgent = notification.type === 'error' || notification.type === 'warning';
  return (
    <Toast.Root
      className={`ui-notification ui-notification--${notification.type} ui-notification--${notification.style}`}
      data-notification-id={notification.id}
      // Radix runs the timer (paused while the pointer or focus is on the notifications); Infinity never ends.
      duration={notification.duration}
      open
      onOpenChange={(open) => {
        if (!open) remove(notification.id);
      }}
    >
      {/* Each notification is its own live region: an open modal dialog hides everything but live
          regions from assistive technology, so it is still announced over a dialog. */}
      <div
        className="ui-notification__message"
        role={urgent ? 'alert' : 'status'}
        aria-live={urgent ? 'assertive' : 'polite'}
        aria-atomic="true"
      >
        <Toast.Title asChild>
          <p>{notification.message}</p>
        </Toast.Title>
        {notification.detail && (
          <Toast.Description asChild>
            <p className="ui-notification__detail">{notification.detail}</p>
          </Toast.Description>
        )}
      </div>
      <Toast.Close className="ui-notification__close" aria-label={t('notifications.dismiss')}>
        <CloseIcon size={16} />
      </Toast.Close>
    </Toast.Root>
  );
}

// The notifications announce themselves (above); Radix's own announcer would read each a second time,
// so it writes into a fragment that is never in the document (none in the server's render).
const detachedAnnouncer = () =>
  typeof document === 'undefined' ? undefined : document.createDocumentFragment();

function NotificationList({ style, items }: { style: NotificationStyle; items: readonly Notification[] }) {
  const { t } = useTranslation();
  const [announcer] = useState(detachedAnnouncer);
  return (
    <Toast.Provider label={t('notifications.region')} announcerContainer={announcer}>
      {items.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} />
      ))}
      {/* aria-live="off" keeps the list out of a modal dialog's aria-hidden (see above). F8 (banners)
          or Alt+F8 (toasts) moves focus to the list. */}
      <Toast.Viewport
        className={`ui-notifications ui-notifications--${style}`}
        label={style === 'toast' ? t('notifications.regionToast') : t('notifications.region')}
        hotkey={style === 'toast' ? ['altKey', 'F8'] : ['F8']}
        aria-live="off"
      />
    </Toast.Provider>
  );
}

/** Banners at the top centre (the default style), toasts at the top right; Radix Toast underneath. */
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
