import { lazyPart, useLazyPart } from '../../lib/lazy-part.ts';
import type { ModalProps } from './modal-dialog.tsx';

/** Radix's dialog (components/ui/modal-dialog.tsx): loaded when a dialog first opens, or on idle. */
const radix = lazyPart(() => import('./modal-dialog.tsx'));

export type { ModalProps } from './modal-dialog.tsx';

/**
 * Accessible dialog (Radix): focus is trapped inside and restored on close, Escape closes it. Its
 * code is loaded ahead on idle once the app has started; a dialog opened before that draws when its
 * code has come (lib/lazy-part.ts).
 */
export function Modal(props: ModalProps) {
  const parts = useLazyPart(radix, props.open);
  return parts ? <parts.ModalDialog {...props} /> : null;
}
