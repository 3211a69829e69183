import { Tooltip as RadixTooltip } from 'radix-ui';
import { type ReactElement, type ReactNode, useRef } from 'react';
import { type Intent, useArmedOnIntent } from './armed-on-intent.ts';

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
 * moves to the trigger Radix draws, which shows the tooltip as any focus does.
 */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  // Radix types the trigger as a button; any focusable element will do.
  const trigger = useRef<HTMLButtonElement>(null);
  const { armed, unarmed } = useArmedOnIntent(trigger, replayArrival, children);
  if (!armed) return unarmed({ 'data-state': 'closed' });
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild ref={trigger}>
          {children}
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className="ui-tooltip" side={side} sideOffset={6}>
            {content}
            <RadixTooltip.Arrow className="ui-tooltip__arrow" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
