import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { Callout } from '../../../components/ui/callout.tsx';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { VirtualList } from '../../../components/virtual-list.tsx';
import { useSearchParam } from '../../../lib/paged-list/use-search-param.ts';
import { type Sharing, type SharingAction, useSharingAction, useSharings } from '../api/use-sharings.ts';
import { SharingCard } from './sharing-card.tsx';

export function SharingsPanel() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<{ sharing: Sharing; action: SharingAction } | null>(null);
  const search = useSearchParam();
  const list = useSharings(search.q);
  const { query } = list;
  const action = useSharingAction();
  const confirm = pending?.action === 'resume' ? 'confirmResume' : 'confirmSuspend';
  const names = { owner: pending?.sharing.ownerName ?? '', agent: pending?.sharing.agentName ?? '' };
  return (
    <div className="admin-panel">
      <SearchBox label={t('admin.sharings.search')} value={search.text} onChange={search.setText} />
      {query.isPending && <p className="list-loading">{t('common.loading')}</p>}
      {query.isError && !query.isFetchNextPageError && (
        <LoadFailure
          message={t('admin.sharings.errors.fetch')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {query.isSuccess && list.items.length === 0 && (
        <Callout>{search.q ? t('lists.noMatches', { q: search.q }) : t('admin.sharings.empty')}</Callout>
      )}
      {list.items.length > 0 && (
        <VirtualList
          list={list}
          label={t('admin.tabs.sharings')}
          className="admin-list"
          estimateSize={180}
          getKey={(sharing) => sharing.id}
          renderItem={(sharing, listItem) => (
            <SharingCard
              key={sharing.id}
              listItem={listItem}
              sharing={sharing}
              onAction={(next) => setPending({ sharing, action: next })}
            />
          )}
        />
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
