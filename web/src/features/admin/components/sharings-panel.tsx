import { useSearchParam } from '../../../lib/paged-list/use-search-param.ts';
import { type Sharing, type SharingAction, useSharingAction, useSharings } from '../api/use-sharings.ts';
import { AdminActionConfirm, usePendingAction } from './admin-action-confirm.tsx';
import { AdminListPanel } from './admin-list-panel.tsx';
import { SharingCard } from './sharing-card.tsx';

export function SharingsPanel() {
  const { pending, ask, close } = usePendingAction<Sharing, SharingAction>();
  const search = useSearchParam();
  const list = useSharings(search.q);
  const action = useSharingAction();
  return (
    <AdminListPanel
      kind="sharings"
      list={list}
      search={search}
      estimateSize={180}
      renderItem={(sharing, listItem) => (
        <SharingCard listItem={listItem} sharing={sharing} onAction={(next) => ask(sharing, next)} />
      )}
    >
      <AdminActionConfirm
        texts={{ suspend: 'admin.sharings.confirmSuspend', resume: 'admin.sharings.confirmResume' }}
        pending={pending}
        onClose={close}
        actions={action}
        danger="suspend"
        safe="resume"
        values={{ owner: pending?.item.ownerName ?? '', agent: pending?.item.agentName ?? '' }}
      />
    </AdminListPanel>
  );
}
