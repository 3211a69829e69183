import { DropdownMenu } from 'radix-ui';
import { createContext, type ReactElement, type ReactNode, type RefObject, useContext, useRef } from 'react';
import { rememberFocusOrigin } from '../../lib/focus-origin.ts';
import { type Intent, useArmedOnIntent } from './armed-on-intent.ts';

/** The open menu's button: a dialog opened by one of its items gives the focus back to it. */
const MenuButton = createContext<RefObject<HTMLButtonElement | null> | null>(null);

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
 * (components/ui/armed-on-intent.ts); the press or the key then opens the menu Radix draws.
 */
export function Menu({ trigger, children, align = 'end', label }: MenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  const { armed, unarmed } = useArmedOnIntent(button, replayOpening, trigger);
  if (!armed) return unarmed({ 'aria-haspopup': 'menu', 'aria-expanded': false, 'data-state': 'closed' });
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild ref={button}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="ui-menu" align={align} sideOffset={6} aria-label={label}>
          <MenuButton.Provider value={button}>{children}</MenuButton.Provider>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export type MenuItemProps = {
  children: ReactNode;
  onSelect?: () => void;
  icon?: ReactNode;
  disabled?: boolean;
  danger?: boolean;
  /** Marks the item as the current page/selection (aria-current). */
  current?: boolean;
};

export function MenuItem({ children, onSelect, icon, disabled, danger, current }: MenuItemProps) {
  const button = useContext(MenuButton);
  return (
    <DropdownMenu.Item
      className={danger ? 'ui-menu__item ui-menu__item--danger' : 'ui-menu__item'}
      onSelect={() => {
        rememberFocusOrigin(button?.current ?? null);
        onSelect?.();
      }}
      disabled={disabled}
      aria-current={current ? 'page' : undefined}
      data-current={current || undefined}
    >
      {icon}
      <span>{children}</span>
    </DropdownMenu.Item>
  );
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <DropdownMenu.Label className="ui-menu__label">{children}</DropdownMenu.Label>;
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="ui-menu__separator" />;
}

export type MenuRadioGroupProps = {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
};

export function MenuRadioGroup({ label, value, onValueChange, options }: MenuRadioGroupProps) {
  return (
    <DropdownMenu.Group>
      <DropdownMenu.Label className="ui-menu__label">{label}</DropdownMenu.Label>
      <DropdownMenu.RadioGroup value={value} onValueChange={onValueChange}>
        {options.map((option) => (
          <DropdownMenu.RadioItem key={option.value} value={option.value} className="ui-menu__item">
            <span className="ui-menu__indicator" aria-hidden="true">
              <DropdownMenu.ItemIndicator>●</DropdownMenu.ItemIndicator>
            </span>
            <span>{option.label}</span>
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </DropdownMenu.Group>
  );
}
