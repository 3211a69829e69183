import { LinkIcon } from './icons.tsx';

/** normal: active; dotted: pending; disabled: declined or revoked (grey); mixed: paused. */
export type AvatarStyle = 'normal' | 'dotted' | 'disabled' | 'mixed';

/** Up to 2 initials: the first letters of the first two words, upper-cased. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

export type AvatarProps = {
  /** Initials are taken from this name; omit with `icon="link"` for invitation links. */
  name?: string | null;
  icon?: 'link';
  variant?: AvatarStyle;
  size?: 'sm' | 'md';
};

/** Decorative: the name it stands for is always shown next to it. */
export function Avatar({ name, icon, variant = 'normal', size = 'md' }: AvatarProps) {
  return (
    <span
      className={`ui-avatar ui-avatar--${variant} ui-avatar--${size}`}
      aria-hidden="true"
      data-variant={variant}
    >
      {icon === 'link' ? <LinkIcon size={18} /> : initialsOf(name) || '?'}
    </span>
  );
}
