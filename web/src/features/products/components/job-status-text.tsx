import { useTranslation } from 'react-i18next';
import type { DownloadTarget } from '../download-state.ts';

/** The job message as text (status is never conveyed by the button style alone); a polite live region. */
export function JobStatusText({ target, className }: { target: DownloadTarget; className?: string }) {
  const { t } = useTranslation();
  const status = target.state === 'NORMAL' ? null : target.job?.status;
  return (
    <p className={className ?? 'job-status'} role="status">
      {status && status !== 'FAILED' ? t(`products.jobs.${status}`) : ''}
    </p>
  );
}
