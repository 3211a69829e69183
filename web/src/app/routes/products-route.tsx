import { ProductsPage } from '../../features/products/products-page.tsx';

/** /products (data owners): data collection and downloads per product. */
export default function ProductsRoute() {
  return <ProductsPage />;
}
