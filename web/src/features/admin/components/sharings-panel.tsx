import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Callout } from '../../../components/ui/callout.tsx';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { type Sharing, type SharingAction, useSharingAction, useSharings } from '../api/use-sharings.ts';
import { SharingCard } from './sharing-card.tsx';

export function SharingsPanel() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<{ sharing: Sharing; action: SharingAction } | null>(null);
  const list = useSharings();
  const action = useSharingAction();
  const confirm = pending?.action === 'resume' ? 'confirmResume' : 'confirmSuspend';
  const names = { owner: pending?.sharing.ownerName ?? '', agent: pending?.sharing.agentName ?? '' };
  return (
    <div className="admin-panel">
      {list.isPending && <p className="admin-panel__loading">{t('common.loading')}</p>}
      {list.isError && !list.data && <Callout type="warning">{t('admin.sharings.errors.fetch')}</Callout>}
      {list.data?.length === 0 && <Callout>{t('admin.sharings.empty')}</Callout>}
      {list.data && list.data.length > 0 && (
        <ul className="admin-list" aria-label={t('admin.tabs.sharings')}>
          {list.data.map((sharing) => (
            <SharingCard
              key={sharing.id}
              sharing={sharing}
              onAction={(next) => setPending({ sharing, action: next })}
            />
          ))}
        </ul>
      )}
      <ConfirmModal
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t(`admin.sharings.${confirm}.title`)}
        body={t(`admin.sharings.${confirm}.body`, names)}
        primaryLabel={t(`admin.sharings.${confirm}.primary`)}
        secondaryLabel={t('common.cancel')}
        primaryVariant={pending?.action === 'suspend' ? 'danger' : 'primary'}
        loading={action.isPending}
        onPrimary={() => pending && action.run(pending.action, pending.sharing.id, () => setPending(null))}
      />
    </div>
  );
}
