import { type ReactElement, type ReactNode, useRef } from 'react';
import { lazyPart, loadedPart } from '../../lib/lazy-part.ts';
import { type Intent, useArmedOnIntent } from './armed-on-intent.ts';
import type { MenuItemProps, MenuRadioGroupProps } from './menu-radix.tsx';

export type { MenuItemProps, MenuRadioGroupProps } from './menu-radix.tsx';

/** Radix's menu (components/ui/menu-radix.tsx): loaded at the first intent on a menu button, or on idle. */
const radix = lazyPart(() => import('./menu-radix.tsx'));

export type MenuProps = {
  /** One button element; it receives aria-haspopup/expanded from Radix. */
  trigger: ReactElement;
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
  label?: string;
};

/** The keys that open a menu from its button (Radix's trigger). */
const OPENING_KEYS = ['Enter', ' ', 'ArrowDown'];

/** What opens the menu, done again on the button Radix draws (useArmedOnIntent). */
function replayOpening(intent: Intent): Event | null {
  if (intent.kind === 'press' && intent.event.button === 0 && !intent.event.ctrlKey)
    return new PointerEvent('pointerdown', {
      bubbles: true,
      cancelable: true,
      button: 0,
      pointerType: intent.event.pointerType,
      isPrimary: true,
    });
  if (intent.kind === 'key' && OPENING_KEYS.includes(intent.event.key))
    return new KeyboardEvent('keydown', { key: intent.event.key, bubbles: true, cancelable: true });
  return null;
}

/**
 * Dropdown menu (Radix): arrow keys move, Escape closes and focus returns to the trigger. Until its
 * button is first pressed or gets an opening key, only the button is drawn, with Radix's closed markup
 * (components/ui/armed-on-intent.ts); the press or the key then opens the menu Radix draws, once its
 * code is loaded (lib/lazy-part.ts).
 */
export function Menu({ trigger, children, align = 'end', label }: MenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  const { armed, unarmed } = useArmedOnIntent(button, replayOpening, trigger, radix);
  const parts = radix.loaded();
  if (!armed || !parts)
    return unarmed({ 'aria-haspopup': 'menu', 'aria-expanded': false, 'data-state': 'closed' });
  return (
    <parts.RadixMenu trigger={trigger} button={button} align={align} label={label}>
      {children}
    </parts.RadixMenu>
  );
}

// The parts below are drawn only inside an open menu, so Radix's code is there.

export function MenuItem(props: MenuItemProps) {
  const { RadixMenuItem } = loadedPart(radix);
  return <RadixMenuItem {...props} />;
}

export function MenuLabel({ children }: { children: ReactNode }) {
  const { RadixMenuLabel } = loadedPart(radix);
  return <RadixMenuLabel>{children}</RadixMenuLabel>;
}

export function MenuSeparator() {
  const { RadixMenuSeparator } = loadedPart(radix);
  return <RadixMenuSeparator />;
}

export function MenuRadioGroup(props: MenuRadioGroupProps) {
  const { RadixMenuRadioGroup } = loadedPart(radix);
  return <RadixMenuRadioGroup {...props} />;
}
