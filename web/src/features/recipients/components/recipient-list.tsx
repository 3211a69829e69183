import { useTranslation } from 'react-i18next';
import { PagedListView } from '../../../components/paged-list-view.tsx';
import type { useRecipientList } from '../api/use-recipient-lists.ts';
import type { InvitationEntry, RecipientAction, RecipientsView } from '../recipient-status.ts';
import { RecipientCard } from './recipient-card.tsx';

type RecipientListProps = {
  view: RecipientsView;
  list: ReturnType<typeof useRecipientList>;
  /** The search the list was asked for ('' for none). */
  q: string;
  onAction: (entry: InvitationEntry, action: RecipientAction) => void;
};

/** One tab's entries as a virtual list loaded page by page; loading, failure, empty and no-match states. */
export function RecipientList({ view, list, q, onAction }: RecipientListProps) {
  const { t } = useTranslation();
  const label = t(view === 'agents' ? 'recipients.tabs.agents' : 'recipients.tabs.invitations');
  const prefix = view === 'agents' ? 'agents' : 'invitations';
  return (
    <PagedListView
      list={list}
      loading={
        <p className="recipients__loading" role="status">
          {t('recipients.loading')}
        </p>
      }
      empty={
        q ? (
          <p className="recipients__empty">{t('lists.noMatches', { q })}</p>
        ) : (
          <div className="recipients__empty">
            <h2>{t(`recipients.empty.${prefix}Title`)}</h2>
            <p>{t(`recipients.empty.${prefix}Body`)}</p>
          </div>
        )
      }
      label={label}
      className="recipient-list"
      estimateSize={120}
      getKey={(entry) => entry.id}
      renderItem={(entry, listItem) => (
        <RecipientCard listItem={listItem} entry={entry} onAction={onAction} />
      )}
    />
  );
}
