import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { ButtonBase } from './button.tsx';

export type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> & {
  /** The accessible name: an icon-only button must say what it does. */
  label: string;
  icon: ReactNode;
  variant?: 'ghost' | 'outline' | 'primary';
  loading?: boolean;
  highlighted?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

export function IconButton({ label, variant = 'ghost', ...rest }: IconButtonProps) {
  return (
    <ButtonBase block="ui-icon-button" modifiers={[variant]} aria-label={label} title={label} {...rest} />
  );
}
