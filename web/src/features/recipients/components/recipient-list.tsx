import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../../components/load-failure.tsx';
import type { RecipientList as List } from '../api/use-recipient-lists.ts';
import type { InvitationEntry, RecipientAction, RecipientsView } from '../recipient-status.ts';
import { RecipientCard } from './recipient-card.tsx';

type RecipientListProps = {
  view: RecipientsView;
  list: List;
  desktop: boolean;
  onAction: (entry: InvitationEntry, action: RecipientAction) => void;
};

export function RecipientList({ view, list, desktop, onAction }: RecipientListProps) {
  const { t } = useTranslation();
  if (list.loading) {
    return (
      <p className="recipients__loading" role="status">
        {t('recipients.loading')}
      </p>
    );
  }
  const failure = list.failed && <LoadFailure onRetry={list.retry} retrying={list.retrying} />;
  if (!list.entries || list.entries.length === 0) {
    if (failure) return failure;
    const prefix = view === 'agents' ? 'agents' : 'invitations';
    return (
      <div className="recipients__empty">
        <h2>{t(`recipients.empty.${prefix}Title`)}</h2>
        <p>{t(`recipients.empty.${prefix}Body`)}</p>
      </div>
    );
  }
  return (
    <>
      {failure}
      <ul
        className="recipient-list"
        aria-label={t(view === 'agents' ? 'recipients.tabs.agents' : 'recipients.tabs.invitations')}
      >
        {list.entries.map((entry) => (
          <RecipientCard key={entry.id} entry={entry} desktop={desktop} onAction={onAction} />
        ))}
      </ul>
    </>
  );
}
