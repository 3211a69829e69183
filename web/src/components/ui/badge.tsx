import type { HTMLAttributes, ReactNode, Ref } from 'react';

/** Status colours: active green, declined and revoked red, paused grey, pending warning. */
export type BadgeTone = 'active' | 'declined' | 'revoked' | 'paused' | 'pending' | 'neutral';

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & {
  tone: BadgeTone;
  children: ReactNode;
  /** Focusable so a tooltip can be reached by keyboard. */
  focusable?: boolean;
  ref?: Ref<HTMLSpanElement>;
};

export function Badge({ tone, children, focusable = false, ref, className, ...rest }: BadgeProps) {
  const classes = `ui-badge ui-badge--${tone}${className ? ` ${className}` : ''}`;
  return (
    <span ref={ref} className={classes} tabIndex={focusable ? 0 : undefined} {...rest}>
      {children}
    </span>
  );
}
