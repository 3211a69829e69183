import { type ReactElement, type ReactNode, useRef } from 'react';
import { lazyPart } from '../../lib/lazy-part.ts';
import { type Intent, useArmedOnIntent } from './armed-on-intent.ts';

/** Radix's tooltip (components/ui/tooltip-radix.tsx): loaded when a tooltip is first armed, or on idle. */
const radix = lazyPart(() => import('./tooltip-radix.tsx'));

export type TooltipProps = {
  content: ReactNode;
  /** One focusable element (a button, a badge with tabIndex 0, ...). */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
};

/** The pointer that armed the tooltip moves on the trigger Radix draws: its delay starts there. */
function replayArrival(intent: Intent): Event | 'arm' | null {
  if (intent.kind === 'enter')
    return new PointerEvent('pointermove', {
      bubbles: true,
      pointerType: intent.event.pointerType,
      isPrimary: true,
    });
  return intent.kind === 'focus' ? 'arm' : null;
}

/**
 * Shows on hover and keyboard focus, hides on Escape. Until the pointer comes over its trigger or the
 * trigger gets the focus, only the trigger is drawn (components/ui/armed-on-intent.ts); the focus then
 * moves to the trigger Radix draws (its code loaded first, lib/lazy-part.ts), which shows the tooltip as any focus does.
 */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  // Radix types the trigger as a button; any focusable element will do.
  const trigger = useRef<HTMLButtonElement>(null);
  const { armed, unarmed } = useArmedOnIntent(trigger, replayArrival, children, radix);
  const parts = radix.loaded();
  if (!armed || !parts) return unarmed({ 'data-state': 'closed' });
  return (
    <parts.RadixTooltipAround trigger={trigger} content={content} side={side}>
      {children}
    </parts.RadixTooltipAround>
  );
}
