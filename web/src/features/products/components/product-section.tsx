import { type ReactNode, useId } from 'react';
import { Callout } from '../../../components/ui/callout.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import type { Product } from '../../../lib/api/types.ts';

type ProductSectionProps = {
  title: string;
  emptyText: string;
  products: readonly Product[] | undefined;
  loading: boolean;
  renderProduct: (product: Product) => ReactNode;
};

function SkeletonCards() {
  return (
    <ul className="grid-columns product-grid" aria-hidden="true">
      {[0, 1, 2].map((key) => (
        <li key={key} className="product-card product-card--skeleton">
          <Skeleton width="60%" height="1.25rem" />
          <Skeleton width="80%" height="0.875rem" />
          <Skeleton width="45%" height="1.5rem" />
        </li>
      ))}
    </ul>
  );
}

export function ProductSection({ title, emptyText, products, loading, renderProduct }: ProductSectionProps) {
  const headingId = useId();
  return (
    <section className="product-section" aria-labelledby={headingId} aria-busy={loading || undefined}>
      <h2 id={headingId}>{title}</h2>
      {loading && <SkeletonCards />}
      {!loading && products && products.length === 0 && <Callout>{emptyText}</Callout>}
      {!loading && products && products.length > 0 && (
        <ul className="grid-columns product-grid">{products.map(renderProduct)}</ul>
      )}
    </section>
  );
}
