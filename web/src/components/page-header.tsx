import type { ReactNode } from 'react';

type PageHeaderProps = {
  title: string;
  subtitle: string;
  /** For a form or region the heading names (`aria-labelledby`). */
  titleId?: string;
  /** The page's own actions, on the right of the title. */
  children?: ReactNode;
};

/** A page's heading: its title, the one-line subtitle under it and the page's actions. */
export function PageHeader({ title, subtitle, titleId, children }: PageHeaderProps) {
  return (
    <header className="page__header">
      <div>
        <h1 id={titleId}>{title}</h1>
        <p className="page__subtitle">{subtitle}</p>
      </div>
      {children}
    </header>
  );
}
