import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedListView } from '../../components/paged-list-view.tsx';
import { StatusFilterMenu } from '../../components/status-filter-menu.tsx';
import { TextsConfirmModal } from '../../components/texts-confirm-modal.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Callout } from '../../components/ui/callout.tsx';
import { displayStatusOf, FILTERS } from '../../lib/invitation-status.ts';
import { useSearchParam } from '../../lib/paged-list/use-search-param.ts';
import { clearPendingInvitationCode, readPendingInvitationCode } from '../../lib/pending-invitation.ts';
import { useUrlChoice } from '../../lib/url-state/use-url-choice.ts';
import { useConnectedUsers } from './api/use-connected-users.ts';
import { useInvitationDownloads } from './api/use-invitation-downloads.ts';
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
  // In the URL (`?status=pending`), like the search: a reload or Back keeps both.
  const [filter, setFilter] = useUrlChoice('status', FILTERS);
  // A code from a /redeem/ link pre-fills the modal and opens it once; then it is used up. Read
  // after hydration: the first render equals the server's page, which cannot see this browser's storage.
  const [pendingCode, setPendingCode] = useState<string | null>(null);
  const [redeemOpen, setRedeemOpen] = useState(false);
  const [toRemove, setToRemove] = useState<ConnectedInvitation | null>(null);
  const search = useSearchParam();
  const list = useConnectedUsers(filter, search.q);
  const { query } = list;
  const downloads = useInvitationDownloads();
  const remove = useRemoveConnectedUser();

  useEffect(() => {
    const code = readPendingInvitationCode();
    if (code === null) return;
    clearPendingInvitationCode();
    setPendingCode(code);
    setRedeemOpen(true);
  }, []);

  return (
    <div className="page connected-users">
      <PageHeader title={t('connectedUsers.title')} subtitle={t('connectedUsers.subtitle')} />
      <ListToolbar
        search={{ label: t('connectedUsers.search'), value: search.text, onChange: search.setText }}
        filter={<StatusFilterMenu value={filter} onChange={setFilter} />}
        action={<Button onClick={() => setRedeemOpen(true)}>{t('connectedUsers.accessCode')}</Button>}
      />
      <section aria-label={t('connectedUsers.title')} aria-busy={query.isPending || undefined}>
        {/* The cards' titles are h3: the list's h2 keeps the heading levels in order. */}
        <h2 className="visually-hidden">{t('connectedUsers.title')}</h2>
        <PagedListView
          list={list}
          loading={<p className="list-loading">{t('connectedUsers.loading')}</p>}
          q={search.q}
          empty={<Callout>{t('connectedUsers.empty')}</Callout>}
          label={t('connectedUsers.title')}
          className="user-list"
          estimateSize={104}
          getKey={(invitation) => invitation.invitationId}
          renderItem={(invitation, listItem) => (
            <UserCard
              listItem={listItem}
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
          )}
        />
      </section>
      {/* Keyed by the code: the form starts from it once it has been read. */}
      <RedeemModal
        key={pendingCode ?? ''}
        open={redeemOpen}
        onOpenChange={setRedeemOpen}
        initialCode={pendingCode ?? ''}
      />
      <TextsConfirmModal
        texts="connectedUsers.confirmRemove"
        values={{ name: toRemove?.fullName ?? '' }}
        open={toRemove !== null}
        onOpenChange={(open) => {
          if (!open) setToRemove(null);
        }}
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
