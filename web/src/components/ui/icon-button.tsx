import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from './spinner.tsx';

export type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> & {
  /** The accessible name: an icon-only button must say what it does. */
  label: string;
  icon: ReactNode;
  variant?: 'ghost' | 'outline' | 'primary';
  loading?: boolean;
  highlighted?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

export function IconButton({
  label,
  icon,
  variant = 'ghost',
  loading = false,
  highlighted = false,
  disabled,
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  const classes = ['ui-icon-button', `ui-icon-button--${variant}`];
  if (highlighted) classes.push('ui-icon-button--highlighted');
  if (className) classes.push(className);
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={classes.join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" decorative /> : icon}
    </button>
  );
}
