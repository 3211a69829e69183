import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../components/load-failure.tsx';
import { StatusFilterMenu } from '../../components/status-filter-menu.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Callout } from '../../components/ui/callout.tsx';
import { ConfirmModal } from '../../components/ui/confirm-modal.tsx';
import { displayStatusOf, type InvitationFilter } from '../../lib/invitation-status.ts';
import { clearPendingInvitationCode, readPendingInvitationCode } from '../../lib/pending-invitation.ts';
import { useConnectedUsers } from './api/use-connected-users.ts';
import { useInviteDownloads } from './api/use-invite-downloads.ts';
import { useRemoveConnectedUser } from './api/use-remove-connected-user.ts';
import { RedeemModal } from './components/redeem-modal.tsx';
import { UserCard } from './components/user-card.tsx';
import type { ConnectedInvitation } from './invitation-status.ts';
import './connected-users.css';

export type ConnectedUsersPageProps = {
  onViewPermissions: (invitationId: string, fullName: string) => void;
};

/** /users: the company's connected users, redeeming access codes, downloads and removal. */
export function ConnectedUsersPage({ onViewPermissions }: ConnectedUsersPageProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<InvitationFilter>('ALL');
  // A code from a /redeem/ link pre-fills the modal and opens it once; then it is used up.
  const [pendingCode] = useState(readPendingInvitationCode);
  const [redeemOpen, setRedeemOpen] = useState(pendingCode !== null);
  const [toRemove, setToRemove] = useState<ConnectedInvitation | null>(null);
  const list = useConnectedUsers(filter);
  const downloads = useInviteDownloads();
  const remove = useRemoveConnectedUser();

  useEffect(() => {
    if (pendingCode !== null) clearPendingInvitationCode();
  }, [pendingCode]);

  const users = list.data ?? [];
  return (
    <div className="page connected-users">
      <header className="page__header">
        <div>
          <h1>{t('connectedUsers.title')}</h1>
          <p className="page__subtitle">{t('connectedUsers.subtitle')}</p>
        </div>
        <div className="connected-users__actions">
          <StatusFilterMenu value={filter} onChange={setFilter} />
          <Button onClick={() => setRedeemOpen(true)}>{t('connectedUsers.accessCode')}</Button>
        </div>
      </header>
      <section aria-label={t('connectedUsers.title')} aria-busy={list.isPending || undefined}>
        {list.isPending && <p className="connected-users__loading">{t('connectedUsers.loading')}</p>}
        {list.isError && <LoadFailure onRetry={() => void list.refetch()} retrying={list.isFetching} />}
        {list.isSuccess && users.length === 0 && <Callout>{t('connectedUsers.empty')}</Callout>}
        {users.length > 0 && (
          <ul className="user-list">
            {users.map((invitation) => (
              <UserCard
                key={invitation.invitationId}
                invitation={invitation}
                download={downloads.stateFor(
                  invitation.invitationId,
                  displayStatusOf(invitation.status) === 'active',
                )}
                onStartDownload={() => downloads.start(invitation.invitationId)}
                onDownload={(jobId) => void downloads.download(invitation.invitationId, jobId)}
                onViewPermissions={() => onViewPermissions(invitation.invitationId, invitation.fullName)}
                onRemove={() => setToRemove(invitation)}
              />
            ))}
          </ul>
        )}
      </section>
      <RedeemModal open={redeemOpen} onOpenChange={setRedeemOpen} initialCode={pendingCode ?? ''} />
      <ConfirmModal
        open={toRemove !== null}
        onOpenChange={(open) => {
          if (!open) setToRemove(null);
        }}
        title={t('connectedUsers.confirmRemove.title')}
        body={t('connectedUsers.confirmRemove.body', { name: toRemove?.fullName ?? '' })}
        primaryLabel={t('connectedUsers.confirmRemove.primary')}
        secondaryLabel={t('connectedUsers.confirmRemove.secondary')}
        primaryVariant="danger"
        loading={remove.isPending}
        onPrimary={() => {
          if (!toRemove) return;
          remove.mutate(
            { params: { path: { id: toRemove.invitationId } } },
            { onSettled: () => setToRemove(null) },
          );
        }}
      />
    </div>
  );
}
