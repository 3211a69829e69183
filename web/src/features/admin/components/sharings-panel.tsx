import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { useSearchParam } from '../../../lib/paged-list/use-search-param.ts';
import { type Sharing, type SharingAction, useSharingAction, useSharings } from '../api/use-sharings.ts';
import { AdminListPanel } from './admin-list-panel.tsx';
import { SharingCard } from './sharing-card.tsx';

export function SharingsPanel() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<{ sharing: Sharing; action: SharingAction } | null>(null);
  const search = useSearchParam();
  const list = useSharings(search.q);
  const action = useSharingAction();
  const confirm = pending?.action === 'resume' ? 'confirmResume' : 'confirmSuspend';
  const names = { owner: pending?.sharing.ownerName ?? '', agent: pending?.sharing.agentName ?? '' };
  return (
    <AdminListPanel
      kind="sharings"
      list={list}
      search={search}
      estimateSize={180}
      renderItem={(sharing, listItem) => (
        <SharingCard
          listItem={listItem}
          sharing={sharing}
          onAction={(next) => setPending({ sharing, action: next })}
        />
      )}
    >
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
    </AdminListPanel>
  );
}
