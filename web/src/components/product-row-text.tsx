import type { Product } from '../lib/api/types.ts';
import { productSubtitle, productTitle } from '../lib/product-text.ts';

type ProductRowTextProps = {
  product: Product;
  /** The heading's id, for the row's `aria-labelledby` and the switches' descriptions. */
  titleId: string;
  /** The heading level where the row stands (a list inside a sheet or a card). */
  heading: 'h4' | 'h5';
  className: string;
  /** The external id as shown (masked where it must be). */
  externalId?: string;
};

/** A product row's title and subtitle: the same naming in the wizard and in the permissions. */
export function ProductRowText({
  product,
  titleId,
  heading: Heading,
  className,
  externalId,
}: ProductRowTextProps) {
  return (
    <div className={className}>
      <Heading id={titleId} className="product-row__title">
        {productTitle(product, externalId)}
      </Heading>
      <p className="item-subtitle">{productSubtitle(product, externalId)}</p>
    </div>
  );
}
