import { DropdownMenu } from 'radix-ui';
import { createContext, type ReactElement, type ReactNode, type RefObject, useContext } from 'react';
import { rememberFocusOrigin } from '../../lib/focus-origin.ts';

// The Radix part of components/ui/menu.tsx, loaded when a menu is first used or ahead on idle
// (lib/lazy-part.ts): the page's start evaluates none of Radix's menu, popper and floating code.

/** The open menu's button: a dialog opened by one of its items gives the focus back to it. */
const MenuButton = createContext<RefObject<HTMLButtonElement | null> | null>(null);

/** The menu Radix draws around its button once armed (components/ui/menu.tsx). */
export function RadixMenu({
  trigger,
  button,
  children,
  align,
  label,
}: {
  trigger: ReactElement;
  button: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
  align: 'start' | 'center' | 'end';
  label: string | undefined;
}) {
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

export function RadixMenuItem({ children, onSelect, icon, disabled, danger, current }: MenuItemProps) {
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

export function RadixMenuLabel({ children }: { children: ReactNode }) {
  return <DropdownMenu.Label className="ui-menu__label">{children}</DropdownMenu.Label>;
}

export function RadixMenuSeparator() {
  return <DropdownMenu.Separator className="ui-menu__separator" />;
}

export type MenuRadioGroupProps = {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
};

export function RadixMenuRadioGroup({ label, value, onValueChange, options }: MenuRadioGroupProps) {
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
