import type { CSSProperties } from 'react';

export type SkeletonProps = {
  width?: string | number;
  height?: string | number;
  radius?: string;
  className?: string;
};

/** A grey placeholder block; hidden from assistive technology (mark the container aria-busy). */
export function Skeleton({ width = '100%', height = '1rem', radius, className }: SkeletonProps) {
  const style: CSSProperties = { width, height, ...(radius ? { borderRadius: radius } : {}) };
  return (
    <span
      className={className ? `ui-skeleton ${className}` : 'ui-skeleton'}
      style={style}
      aria-hidden="true"
      data-testid="skeleton"
    />
  );
}
