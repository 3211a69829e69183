import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Callout } from '../../components/ui/callout.tsx';
import type { GridItemProps } from '../../components/virtual-grid.tsx';
import type { Product } from '../../lib/api/types.ts';
import { useDownloadJobs } from './api/use-download-jobs.ts';
import { useDownloads } from './api/use-downloads.ts';
import { useProducts } from './api/use-products.ts';
import { useToggleCollection } from './api/use-toggle-collection.ts';
import { type CollectionChange, CollectionConfirmModal } from './components/collection-confirm-modal.tsx';
import { DownloadAllButton } from './components/download-all-button.tsx';
import { ProductCard } from './components/product-card.tsx';
import { ProductSection } from './components/product-section.tsx';
import {
  allDownloadTarget,
  type DownloadTarget,
  hasActiveJob,
  productDownloadTarget,
} from './download-state.ts';
import './products.css';
import { useFailedJobsWatch } from '../../lib/download-jobs/use-failed-jobs-watch.ts';

const SECTIONS = [
  { kind: 'vehicles', title: 'products.vehicles', emptyText: 'products.noVehicles' },
  { kind: 'wallboxes', title: 'products.wallboxes', emptyText: 'products.noWallboxes' },
] as const;

/** Connected products: data collection per product (confirmed, optimistic) and data downloads. */
export function ProductsPage() {
  const { t } = useTranslation();
  const products = useProducts();
  const jobs = useDownloadJobs();
  const collection = useToggleCollection();
  const downloads = useDownloads();
  const [change, setChange] = useState<CollectionChange | null>(null);
  useFailedJobsWatch(jobs.data, t('products.errors.jobFailed'));

  const vehicles = products.data?.vehicles ?? [];
  const wallboxes = products.data?.wallboxes ?? [];
  const anyEnabled = [...vehicles, ...wallboxes].some((product) => product.dataCollectionEnabled);
  // Spec lock rules: the toggle waits while a toggle request is in flight or a download job is
  // created (also while its request is on the way) or running.
  const jobActive = hasActiveJob(jobs.data) || downloads.startingAll || downloads.startingProductId !== null;
  const locked = collection.isPending || jobActive;
  const allTarget = allDownloadTarget(jobs.data, vehicles, wallboxes);

  const download = (target: DownloadTarget, start: () => void) => {
    if (target.state === 'COMPLETED' && target.job) downloads.downloadJob(target.job);
    else if (target.state === 'NORMAL') start();
  };

  const renderProduct = (product: Product, listItem: GridItemProps) => {
    const target = productDownloadTarget(jobs.data, product.id);
    return (
      <ProductCard
        product={product}
        listItem={listItem}
        locked={locked}
        lockedByJob={jobActive}
        progress={collection.pendingProductId === product.id ? (collection.pendingAction ?? null) : null}
        download={target}
        downloadBusy={
          downloads.startingProductId === product.id ||
          (target.job !== null && downloads.fetchingJobId === target.job.id)
        }
        onToggle={(item, action) => setChange({ product: item, action })}
        onDownload={(item, current) => download(current, () => downloads.startProduct(item.id))}
      />
    );
  };

  return (
    <div className="page products-page">
      <PageHeader title={t('products.title')} subtitle={t('products.subtitle')}>
        <DownloadAllButton
          target={allTarget}
          // While a toggle is in flight the set of enabled products is not known yet.
          disabled={!anyEnabled || collection.isPending}
          busy={
            downloads.startingAll || (allTarget.job !== null && downloads.fetchingJobId === allTarget.job.id)
          }
          onClick={(target) => download(target, downloads.startAll)}
        />
      </PageHeader>
      {products.isError && (
        <Callout type="warning">
          <p>{t('products.errors.fetch')}</p>
          <Button variant="secondary" size="sm" onClick={() => void products.refetch()}>
            {t('common.retry')}
          </Button>
        </Callout>
      )}
      {SECTIONS.map(({ kind, title, emptyText }, index) => (
        <ProductSection
          key={kind}
          title={t(title)}
          emptyText={t(emptyText)}
          products={products.data?.[kind]}
          loading={products.isPending}
          productsAbove={SECTIONS.slice(0, index).reduce(
            (sum, above) => sum + (products.data?.[above.kind].length ?? 0),
            0,
          )}
          renderProduct={renderProduct}
        />
      ))}
      <CollectionConfirmModal
        change={change}
        onCancel={() => setChange(null)}
        onConfirm={({ product, action }) => {
          setChange(null);
          collection.toggle(product, action);
        }}
      />
    </div>
  );
}
