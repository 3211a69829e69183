import { Dialog } from 'radix-ui';
import { type CSSProperties, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type FocusOrigin, takeFocusOrigin } from '../../lib/focus-origin.ts';
import { usePublishedSize } from '../../lib/published-size.ts';
import { CloseIcon } from './icons.tsx';

// The Radix part of components/ui/modal.tsx, loaded when a dialog first opens or ahead on idle
// (lib/lazy-part.ts): the page's start evaluates none of Radix's dialog, focus trap and scroll lock.

export type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Pixels; the generic modal is 550 x 200 (its minimum height). */
  width?: number;
  height?: number;
  /** A blocking modal ignores Escape and outside clicks and has no close button. */
  blocking?: boolean;
  showClose?: boolean;
  /** False: a click outside does not close it (a multi-step dialog whose result would be lost). */
  closeOnOutsideClick?: boolean;
  className?: string;
};

// From the top of the screen to the bottom of the title bar: on a mobile, notifications come down below a
// full-screen sheet's title and close button instead of covering them (styles/notifications.css).
const clearanceAbove = (node: HTMLElement) => node.getBoundingClientRect().bottom;

function ModalHeader({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  usePublishedSize(ref, '--modal-header-clearance', clearanceAbove);
  return (
    <div ref={ref} className="ui-modal__header">
      {children}
    </div>
  );
}

/** What had the focus when the dialog opened, or the menu button whose item opened it. */
function focusOrigin(): FocusOrigin | null {
  const fromMenu = takeFocusOrigin();
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && !active.closest('[role="menu"]'))
    return { element: active, label: null };
  return fromMenu;
}

/**
 * Where the focus goes back to: the same element, or, if a list drew its card anew meanwhile (a
 * virtual list), the menu button with the same name.
 */
function returnTarget(origin: FocusOrigin | null): HTMLElement | null {
  if (!origin) return null;
  if (origin.element.isConnected) return origin.element;
  if (!origin.label) return null;
  const same = document.querySelector(`[aria-haspopup="menu"][aria-label="${CSS.escape(origin.label)}"]`);
  return same instanceof HTMLElement ? same : null;
}

/** The dialog Radix draws (components/ui/modal.tsx). */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  width = 550,
  height = 200,
  blocking = false,
  showClose = !blocking,
  closeOnOutsideClick = true,
  className,
}: ModalProps) {
  const { t } = useTranslation();
  const style = { '--modal-width': `${width}px`, '--modal-height': `${height}px` } as CSSProperties;
  // Without a Radix Trigger, focus would not return on close: remember what had it when opening.
  const returnFocus = useRef<FocusOrigin | null>(null);
  const prevent = (event: Event) => {
    if (blocking) event.preventDefault();
  };
  // Dismissing a notification shown over the modal is not a click outside it.
  const preventOutside = (event: Event) => {
    if (!closeOnOutsideClick) event.preventDefault();
    else if (event.target instanceof Element && event.target.closest('.ui-notifications'))
      event.preventDefault();
    else prevent(event);
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="ui-modal__overlay" />
        <Dialog.Content
          className={className ? `ui-modal ${className}` : 'ui-modal'}
          style={style}
          onOpenAutoFocus={() => {
            returnFocus.current = focusOrigin();
          }}
          onCloseAutoFocus={(event) => {
            const target = returnTarget(returnFocus.current);
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
          onEscapeKeyDown={prevent}
          onPointerDownOutside={preventOutside}
          onInteractOutside={preventOutside}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <ModalHeader>
            <Dialog.Title className="ui-modal__title">{title}</Dialog.Title>
            {showClose && (
              <Dialog.Close className="ui-icon-button ui-icon-button--ghost" aria-label={t('common.close')}>
                <CloseIcon />
              </Dialog.Close>
            )}
          </ModalHeader>
          {description && (
            <Dialog.Description className="ui-modal__description">{description}</Dialog.Description>
          )}
          {children && <div className="ui-modal__body">{children}</div>}
          {footer && <div className="ui-modal__footer">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
