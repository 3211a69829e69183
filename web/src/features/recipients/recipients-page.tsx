import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusFilterMenu } from '../../components/status-filter-menu.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TabPanel, Tabs } from '../../components/ui/tabs.tsx';
import { FILTERS } from '../../lib/invitation-status.ts';
import { useNotify } from '../../lib/notifications/notifications-context.tsx';
import { useSearchParam } from '../../lib/paged-list/use-search-param.ts';
import { useCurrentUser } from '../../lib/session/current-user.ts';
import { useUrlChoice } from '../../lib/url-state/use-url-choice.ts';
import { useRecipientActions } from './api/use-recipient-actions.ts';
import { useRecipientList, useUnreadCount } from './api/use-recipient-lists.ts';
import { type PendingConfirm, RecipientConfirmModal } from './components/recipient-confirm-modal.tsx';
import { RecipientList } from './components/recipient-list.tsx';
import { useLastSeen } from './last-seen.ts';
import type { InvitationEntry, RecipientAction, RecipientsView } from './recipient-status.ts';
import './recipients.css';

export type RecipientsPageProps = {
  /** Opens the invitation wizard. */
  onInvite: () => void;
  /** Opens the permissions of an invitation (a recipient or a link). */
  onViewPermissions: (invitationId: string) => void;
};

const VIEWS: readonly [RecipientsView, RecipientsView] = ['agents', 'invitations'];
const isView = (value: string): value is RecipientsView => (VIEWS as readonly string[]).includes(value);

export function RecipientsPage({ onInvite, onViewPermissions }: RecipientsPageProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { data: user } = useCurrentUser();
  // The tab and the filter are in the URL (`?tab=invitations&status=pending`), like the search: Back
  // and a reload come back to them.
  const [view, setView] = useUrlChoice('tab', VIEWS);
  const [filter, setFilter] = useUrlChoice('status', FILTERS);
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);
  const search = useSearchParam();
  const list = useRecipientList(view, filter, search.q);
  const actions = useRecipientActions();
  const { markSeen, seenUpTo } = useLastSeen(user?.id);
  const other: RecipientsView = view === 'agents' ? 'invitations' : 'agents';
  // The other tab's badge is a count from the server; the shown tab has none.
  const otherUnread = useUnreadCount(other, filter, seenUpTo(other, filter), user !== undefined);
  const shown = list.items;

  // What is on screen counts as seen: that view + filter's badge is cleared.
  useEffect(() => {
    if (shown.length > 0) markSeen(view, filter, shown);
  }, [view, filter, shown, markSeen]);

  const copyLink = async (entry: InvitationEntry) => {
    try {
      await navigator.clipboard.writeText(entry.link);
      notify.success(t('recipients.actions.linkCopied'));
    } catch {
      notify.error(t('recipients.errors.copy'));
    }
  };

  const onAction = (entry: InvitationEntry, action: RecipientAction) => {
    if (action === 'viewPermissions') onViewPermissions(entry.id);
    else if (action === 'copyLink') void copyLink(entry);
    else if (action === 'removeAgent') setConfirm({ kind: 'revokeAgent', entry });
    else if (action === 'deleteLink') setConfirm({ kind: 'deleteInvitation', entry });
    else setConfirm({ kind: action, entry });
  };

  const onConfirm = ({ kind, entry }: PendingConfirm) => {
    const close = () => setConfirm(null);
    if (kind === 'accept' || kind === 'decline') actions.decide(entry, kind, close);
    else actions.revoke(entry, close);
  };

  const badge = (tab: RecipientsView) => {
    const count = tab === view ? 0 : otherUnread;
    return { badge: count, badgeLabel: t('recipients.tabs.newCount', { count }) };
  };

  return (
    <div className="page recipients-page">
      <PageHeader title={t('recipients.title')} subtitle={t('recipients.subtitle')}>
        <Button onClick={onInvite}>{t('recipients.invite')}</Button>
      </PageHeader>
      <div className="recipients__tabs">
        <Tabs
          value={view}
          onValueChange={(value) => {
            if (!isView(value)) return;
            // A search of one tab means nothing in the other (company names vs access codes).
            search.setText('');
            setView(value, { drop: [search.name] });
          }}
          label={t('recipients.title')}
          items={[
            { value: 'agents', label: t('recipients.tabs.agents'), ...badge('agents') },
            { value: 'invitations', label: t('recipients.tabs.invitations'), ...badge('invitations') },
          ]}
        >
          <ListToolbar
            search={{
              label: t(view === 'agents' ? 'recipients.searchAgents' : 'recipients.searchInvitations'),
              value: search.text,
              onChange: search.setText,
            }}
            filter={<StatusFilterMenu value={filter} onChange={setFilter} />}
          />
          {VIEWS.map((tab) => (
            <TabPanel key={tab} value={tab}>
              {/* The cards' titles are h3: the panel's h2 keeps the heading levels in order. */}
              <h2 className="visually-hidden">
                {t(tab === 'agents' ? 'recipients.tabs.agents' : 'recipients.tabs.invitations')}
              </h2>
              {tab === view && <RecipientList view={tab} list={list} q={search.q} onAction={onAction} />}
            </TabPanel>
          ))}
        </Tabs>
      </div>
      <RecipientConfirmModal
        pending={confirm}
        loading={actions.busy}
        onConfirm={onConfirm}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}
