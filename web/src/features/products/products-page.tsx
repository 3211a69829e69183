import { useTranslation } from 'react-i18next';
import { useProducts } from './api/use-products.ts';
import { ProductSection } from './components/product-section.tsx';

/** Slice of the products page: both lists with loading and empty states. */
export function ProductsPage() {
  const { t } = useTranslation();
  const { data, isPending } = useProducts();
  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>{t('products.title')}</h1>
          <p className="page__subtitle">{t('products.subtitle')}</p>
        </div>
      </header>
      <ProductSection
        title={t('products.vehicles')}
        emptyText={t('products.noVehicles')}
        products={data?.vehicles}
        loading={isPending}
      />
      <ProductSection
        title={t('products.wallboxes')}
        emptyText={t('products.noWallboxes')}
        products={data?.wallboxes}
        loading={isPending}
      />
    </div>
  );
}
