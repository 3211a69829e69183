import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { DownloadIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import type { GridItemProps } from '../../../components/virtual-grid.tsx';
import type { Product } from '../../../lib/api/types.ts';
import { productSubtitle, productTitle } from '../../../lib/product-text.ts';
import type { CollectionAction } from '../api/use-toggle-collection.ts';
import type { DownloadTarget } from '../download-state.ts';
import { JobStatusText } from './job-status-text.tsx';

export type ProductCardProps = {
  product: Product;
  /** Its place in the page's grid (VirtualGrid). */
  listItem?: GridItemProps;
  /** The toggle is locked while a toggle request is in flight or a download job is active. */
  locked: boolean;
  lockedByJob: boolean;
  /** The action in flight for this product, shown as progress on the card. */
  progress: CollectionAction | null;
  download: DownloadTarget;
  downloadBusy: boolean;
  onToggle: (product: Product, action: CollectionAction) => void;
  onDownload: (product: Product, target: DownloadTarget) => void;
};

export function ProductCard({
  product,
  listItem,
  locked,
  lockedByJob,
  progress,
  download,
  downloadBusy,
  onToggle,
  onDownload,
}: ProductCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const lockId = useId();
  const title = productTitle(product);
  return (
    <li
      {...listItem}
      className="card product-card"
      data-product-id={product.id}
      aria-busy={progress ? true : undefined}
    >
      <div className="card__head">
        <div className="card__main">
          <h3 id={titleId} className="card__title">
            {title}
          </h3>
          <p className="item-subtitle">{productSubtitle(product)}</p>
        </div>
        <IconButton
          label={t('products.downloadFor', { name: title })}
          icon={<DownloadIcon />}
          variant="outline"
          // The optimistic state is not the server's yet: no download until the toggle has finished.
          disabled={!product.dataCollectionEnabled || progress !== null}
          loading={download.state === 'RUNNING' || downloadBusy}
          highlighted={download.state === 'COMPLETED' && product.dataCollectionEnabled}
          data-state={download.state}
          onClick={() => onDownload(product, download)}
        />
      </div>
      <Switch
        label={t('products.enableExport')}
        checked={product.dataCollectionEnabled}
        disabled={locked}
        describedBy={lockedByJob ? `${titleId} ${lockId}` : titleId}
        onCheckedChange={(checked) => onToggle(product, checked ? 'ENABLE' : 'DISABLE')}
      />
      {lockedByJob && (
        <p id={lockId} className="product-card__hint">
          {t('products.lockedByJob')}
        </p>
      )}
      {progress && (
        <p className="product-card__progress" role="status">
          <Spinner size="sm" decorative />
          {t(progress === 'ENABLE' ? 'products.progress.enable' : 'products.progress.disable')}
        </p>
      )}
      {product.dataCollectionEnabled && <JobStatusText target={download} className="product-card__job" />}
    </li>
  );
}
