import { type ReactNode, useId } from 'react';
import { Callout } from '../../../components/ui/callout.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { type GridItemProps, VirtualGrid } from '../../../components/virtual-grid.tsx';
import type { Product } from '../../../lib/api/types.ts';

type ProductSectionProps = {
  title: string;
  emptyText: string;
  products: readonly Product[] | undefined;
  loading: boolean;
  /** The products of the sections above it (VirtualGrid's itemsAbove). */
  productsAbove: number;
  renderProduct: (product: Product, listItem: GridItemProps) => ReactNode;
};

/** A card's height in px at its most common content (measured on the page once drawn). */
const CARD_HEIGHT_PX = 150;
const CARD_GAP_PX = 16; // --space-4 between cards (.product-grid's gap)
const productKey = (product: Product) => product.id;

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

export function ProductSection({
  title,
  emptyText,
  products,
  loading,
  productsAbove,
  renderProduct,
}: ProductSectionProps) {
  const headingId = useId();
  return (
    <section className="product-section" aria-labelledby={headingId} aria-busy={loading || undefined}>
      <h2 id={headingId}>{title}</h2>
      {loading && <SkeletonCards />}
      {!loading && products && products.length === 0 && <Callout>{emptyText}</Callout>}
      {!loading && products && products.length > 0 && (
        <VirtualGrid
          items={products}
          className="grid-columns product-grid"
          estimateSize={CARD_HEIGHT_PX}
          gap={CARD_GAP_PX}
          getKey={productKey}
          itemsAbove={productsAbove}
          renderItem={renderProduct}
        />
      )}
    </section>
  );
}
