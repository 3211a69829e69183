import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import type { ListItemProps } from '../../../components/virtual-list.tsx';
import { formatDate } from '../../../lib/intl-format.ts';
import { badgeToneOf, displayStatusOf } from '../../../lib/invitation-status.ts';
import type { Sharing, SharingAction } from '../api/use-sharings.ts';
import { AdminCard, AdminCardActions } from './admin-card.tsx';

export function SharingCard({
  sharing,
  onAction,
  listItem,
}: {
  sharing: Sharing;
  onAction: (action: SharingAction) => void;
  /** Position and measuring from the virtual list. */
  listItem?: ListItemProps;
}) {
  const { t } = useTranslation();
  const shown = displayStatusOf(sharing.status);
  return (
    <AdminCard
      listItem={listItem}
      title={`${sharing.ownerName} → ${sharing.agentName}`}
      lines={[
        t('admin.sharings.owner', { name: sharing.ownerName, email: sharing.ownerEmail }),
        t('admin.sharings.agent', { name: sharing.agentName, email: sharing.agentEmail }),
      ]}
      meta={[
        t('admin.sharings.products', { count: sharing.productCount }),
        t('admin.sharings.created', { date: formatDate(sharing.createdAt) }),
        t('admin.sharings.changed', { date: formatDate(sharing.statusChangedAt) }),
      ]}
      badge={<Badge tone={badgeToneOf(shown)}>{t(`status.${shown}`)}</Badge>}
    >
      {(sharing.status === 'ACCEPTED' || sharing.status === 'PAUSED_BY_ADMIN') && (
        <div className="row-spread admin-card__actions admin-card__actions--end">
          <AdminCardActions
            actions={sharing.status === 'ACCEPTED' ? (['suspend'] as const) : (['resume'] as const)}
            undo="suspend"
            label={(action) => t(`admin.sharings.${action}`)}
            onAction={onAction}
          />
        </div>
      )}
    </AdminCard>
  );
}
