import { useTranslation } from 'react-i18next';
import { Button } from './ui/button.tsx';
import { Callout } from './ui/callout.tsx';

export type LoadFailureProps = {
  /** What could not be loaded; defaults to "This could not be loaded." */
  message?: string;
  onRetry: () => void;
  /** A retry is in flight: the button waits (and cannot be pressed twice). */
  retrying?: boolean;
};

/**
 * Shown in place of a list or a choice whose data failed to load: a failed load never looks like
 * an empty one. The error itself is also a notification (docs/product-rules.md, Lists).
 */
export function LoadFailure({ message, onRetry, retrying = false }: LoadFailureProps) {
  const { t } = useTranslation();
  return (
    <div className="load-failure" data-testid="load-failure">
      <Callout type="warning">
        <p>{message ?? t('common.loadFailed')}</p>
        <Button variant="secondary" size="sm" loading={retrying} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Callout>
    </div>
  );
}
