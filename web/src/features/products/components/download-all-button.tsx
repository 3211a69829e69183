import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { DownloadIcon } from '../../../components/ui/icons.tsx';
import type { DownloadTarget } from '../download-state.ts';
import { JobStatusText } from './job-status-text.tsx';

type DownloadAllButtonProps = {
  target: DownloadTarget;
  /** No product has data collection enabled (or the products are not loaded). */
  disabled: boolean;
  busy: boolean;
  onClick: (target: DownloadTarget) => void;
};

export function DownloadAllButton({ target, disabled, busy, onClick }: DownloadAllButtonProps) {
  const { t } = useTranslation();
  return (
    <div className="download-all">
      <Button
        icon={<DownloadIcon />}
        disabled={disabled}
        loading={!disabled && (target.state === 'RUNNING' || busy)}
        highlighted={!disabled && target.state === 'COMPLETED'}
        data-state={target.state}
        onClick={() => onClick(target)}
      >
        {t('products.downloadAll')}
      </Button>
      {!disabled && <JobStatusText target={target} className="download-all__status" />}
    </div>
  );
}
