import { type ReactNode, useId } from 'react';
import { InfoIcon } from './ui/icons.tsx';
import { Tooltip } from './ui/tooltip.tsx';

type CategorySectionProps = {
  title: string;
  /** Explains the category; shown by the info button next to the title. */
  tooltip: string;
  /** The heading level where the section sits in its page or dialog. */
  heading: 'h3' | 'h4';
  /** The list items. */
  children: ReactNode;
};

/** A titled group of products (vehicles, home chargers) with an info tooltip, as a labelled section. */
export function CategorySection({ title, tooltip, heading: Heading, children }: CategorySectionProps) {
  const headingId = useId();
  return (
    <section className="category-section" aria-labelledby={headingId}>
      <Heading id={headingId} className="category-section__title">
        {title}
        <Tooltip content={tooltip}>
          <button type="button" className="category-info" aria-label={tooltip}>
            <InfoIcon size={16} />
          </button>
        </Tooltip>
      </Heading>
      <ul className="category-list">{children}</ul>
    </section>
  );
}
