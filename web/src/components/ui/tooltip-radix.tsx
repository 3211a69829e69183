import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactElement, ReactNode, RefObject } from 'react';

// The Radix part of components/ui/tooltip.tsx, loaded when a tooltip is first armed or ahead on idle
// (lib/lazy-part.ts).

/** The tooltip Radix draws around its trigger once armed. */
export function RadixTooltipAround({
  trigger,
  children,
  content,
  side,
}: {
  trigger: RefObject<HTMLButtonElement | null>;
  children: ReactElement;
  content: ReactNode;
  side: 'top' | 'right' | 'bottom' | 'left';
}) {
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
