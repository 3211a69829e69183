import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { DownloadIcon } from '../../../components/ui/icons.tsx';
import type { DownloadState } from '../api/use-invitation-downloads.ts';

export type DownloadButtonProps = {
  name: string;
  state: DownloadState;
  onStart: () => void;
  onDownload: (jobId: string) => void;
};

/** disabled unless active; a spinner while the zip is prepared; highlighted when it is ready. */
export function DownloadButton({ name, state, onStart, onDownload }: DownloadButtonProps) {
  const { t } = useTranslation();
  const label =
    state.kind === 'running'
      ? t('connectedUsers.jobs.RUNNING')
      : state.kind === 'completed'
        ? t('connectedUsers.downloadReady', { name })
        : t('connectedUsers.download', { name });
  return (
    <IconButton
      label={label}
      icon={<DownloadIcon />}
      variant="outline"
      data-state={state.kind}
      disabled={state.kind === 'disabled'}
      loading={state.kind === 'running'}
      highlighted={state.kind === 'completed'}
      onClick={() => (state.kind === 'completed' ? onDownload(state.jobId) : onStart())}
    />
  );
}
