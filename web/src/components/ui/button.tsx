import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

type ButtonBaseProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** Shows a spinner, sets aria-busy and blocks clicks while an action runs. */
  loading?: boolean;
  icon?: ReactNode;
  highlighted?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

export type ButtonProps = ButtonBaseProps & {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
};

/**
 * What every button shares: the classes of its block (`block`, `block--<modifier>`,
 * `block--highlighted`), `type="button"` unless told, and the loading state.
 */
export function ButtonBase({
  block,
  modifiers,
  loading = false,
  highlighted = false,
  icon,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonBaseProps & { block: string; modifiers: readonly string[] }) {
  const classes = [block, ...modifiers.map((modifier) => `${block}--${modifier}`)];
  if (highlighted) classes.push(`${block}--highlighted`);
  if (className) classes.push(className);
  return (
    <button
      type={type}
      className={classes.join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" decorative /> : icon}
      {children}
    </button>
  );
}

export function Button({ variant = 'primary', size = 'md', ...rest }: ButtonProps) {
  return <ButtonBase block="ui-button" modifiers={[variant, size]} {...rest} />;
}
