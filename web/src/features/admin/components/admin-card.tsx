import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import type { ListItemProps } from '../../../components/virtual-list.tsx';

type AdminCardProps = {
  /** Position and measuring from the virtual list. */
  listItem?: ListItemProps;
  /** Before the title (an application's avatar). */
  leading?: ReactNode;
  title: ReactNode;
  /** One line each under the title. */
  lines: readonly string[];
  /** Short facts on one wrapping line (email, dates, counts). */
  meta: readonly string[];
  badge: ReactNode;
  /** Below the head: the card's actions and details. */
  children?: ReactNode;
};

/** A card of an admin list: the same head for an application and a sharing. */
export function AdminCard({ listItem, leading, title, lines, meta, badge, children }: AdminCardProps) {
  return (
    <li {...listItem} className="card admin-card">
      <div className="card__head admin-card__head">
        {leading}
        <div className="card__main">
          <h3 className="card__title">{title}</h3>
          {lines.map((line) => (
            <p key={line} className="item-subtitle">
              {line}
            </p>
          ))}
          <p className="item-subtitle">
            {meta.map((item) => (
              <span key={item} className="admin-card__meta-item">
                {item}
              </span>
            ))}
          </p>
        </div>
        {badge}
      </div>
      {children}
    </li>
  );
}

/**
 * The actions an admin may take on a card, as small buttons in this order: the one that takes something
 * away (`undo`: reject, suspend) is the secondary one.
 */
export function AdminCardActions<Action extends string>({
  actions,
  undo,
  label,
  onAction,
}: {
  actions: readonly Action[];
  undo: Action;
  label: (action: Action) => string;
  onAction: (action: Action) => void;
}) {
  return (
    <span className="admin-card__decisions">
      {actions.map((action) => (
        <Button
          key={action}
          variant={action === undo ? 'secondary' : undefined}
          size="sm"
          onClick={() => onAction(action)}
        >
          {label(action)}
        </Button>
      ))}
    </span>
  );
}
