import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { ListItemProps } from '../../../components/virtual-list.tsx';
import { formatDate } from '../../../lib/intl-format.ts';
import { avatarStyleOf, displayStatusOf } from '../../../lib/invitation-status.ts';
import {
  actionsFor,
  type DateLabel,
  dateLabelsOf,
  type InvitationEntry,
  type RecipientAction,
} from '../recipient-status.ts';
import { RecipientActions } from './recipient-actions.tsx';
import { StatusBadge } from './status-badge.tsx';

type RecipientCardProps = {
  entry: InvitationEntry;
  onAction: (entry: InvitationEntry, action: RecipientAction) => void;
  /** Position and measuring from the virtual list. */
  listItem?: ListItemProps;
};

function DateText({ label }: { label: DateLabel }) {
  const { t } = useTranslation();
  if (label.key === 'code') return <>{t('recipients.dates.code', { code: label.code })}</>;
  return <>{t(`recipients.dates.${label.key}`, { date: formatDate(label.date) })}</>;
}

/**
 * From 768 px a pending agent shows Decline and Accept buttons instead of its status label, and its
 * one other action as an icon button; below, the label and a menu with all three. Both are in the
 * markup and CSS shows the one for the width (recipients.css), so the card is right at every width.
 */
export function RecipientCard({ entry, onAction, listItem }: RecipientCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const status = displayStatusOf(entry.status);
  const isAgent = entry.type === 'agent';
  const inlineDecision = isAgent && status === 'pending';
  const title = isAgent ? (entry.displayName ?? entry.code) : entry.code;
  const subtitle = isAgent ? entry.site : entry.link;
  const actionsMenu = (decidedInline: boolean) => (
    <RecipientActions
      actions={actionsFor(entry, decidedInline)}
      name={title}
      describedBy={titleId}
      onAction={(action) => onAction(entry, action)}
    />
  );
  return (
    <li {...listItem} className="card list-card recipient-card" data-status={status}>
      {isAgent ? (
        <Avatar name={entry.displayName} variant={avatarStyleOf(status)} />
      ) : (
        <Avatar icon="link" variant={avatarStyleOf(status)} />
      )}
      <div className="card__main recipient-card__main">
        <h3 id={titleId} className="card__title">
          {title}
        </h3>
        {subtitle && <p className="item-subtitle">{subtitle}</p>}
        <ul className="recipient-card__dates">
          {dateLabelsOf(entry).map((label) => (
            <li key={label.key}>
              <DateText label={label} />
            </li>
          ))}
        </ul>
      </div>
      <div className="recipient-card__side">
        {inlineDecision && (
          <div className="recipient-card__decision">
            <span className="visually-hidden">{t('status.pending')}</span>
            <Button
              variant="secondary"
              size="sm"
              aria-describedby={titleId}
              onClick={() => onAction(entry, 'decline')}
            >
              {t('recipients.actions.decline')}
            </Button>
            <Button size="sm" aria-describedby={titleId} onClick={() => onAction(entry, 'accept')}>
              {t('recipients.actions.accept')}
            </Button>
          </div>
        )}
        <div className={inlineDecision ? 'recipient-card__narrow' : 'recipient-card__status'}>
          <StatusBadge status={status} />
        </div>
        {inlineDecision
          ? // Wide screens decide inline, so their menu leaves accept and decline out; narrow ones keep them.
            (['wide', 'narrow'] as const).map((width) => (
              <div key={width} className={`recipient-card__${width}`}>
                {actionsMenu(width === 'wide')}
              </div>
            ))
          : actionsMenu(false)}
        {!inlineDecision && actionsFor(entry, false).length === 0 && (
          // From 768 px, an invisible icon button's box where a card has no actions: the status
          // labels of all cards stand in one column (recipients.css).
          <span className="ui-icon-button recipient-card__menu-slot" aria-hidden="true" />
        )}
      </div>
    </li>
  );
}
