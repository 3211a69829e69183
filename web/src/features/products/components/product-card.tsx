import type { Product } from '../../../lib/api/types.ts';
import { productSubtitle, productTitle } from '../product-text.ts';

export function ProductCard({ product }: { product: Product }) {
  return (
    <li className="product-card" data-product-id={product.id}>
      <h3 className="product-card__title">{productTitle(product)}</h3>
      <p className="product-card__subtitle">{productSubtitle(product)}</p>
    </li>
  );
}
