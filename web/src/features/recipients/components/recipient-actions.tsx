import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import {
  CheckIcon,
  CloseIcon,
  CopyIcon,
  EyeIcon,
  MoreIcon,
  TrashIcon,
} from '../../../components/ui/icons.tsx';
import { Menu, MenuItem } from '../../../components/ui/menu.tsx';
import type { RecipientAction } from '../recipient-status.ts';

const LABELS = {
  viewPermissions: 'recipients.actions.viewPermissions',
  removeAgent: 'recipients.actions.removeAgent',
  copyLink: 'recipients.actions.copyLink',
  deleteLink: 'recipients.actions.deleteLink',
  accept: 'recipients.actions.accept',
  decline: 'recipients.actions.decline',
} as const;

const ICONS: Record<RecipientAction, ReactNode> = {
  viewPermissions: <EyeIcon size={18} />,
  removeAgent: <TrashIcon size={18} />,
  copyLink: <CopyIcon size={18} />,
  deleteLink: <TrashIcon size={18} />,
  accept: <CheckIcon size={18} />,
  decline: <CloseIcon size={18} />,
};

const DANGER: ReadonlySet<RecipientAction> = new Set(['removeAgent', 'deleteLink', 'decline']);

type RecipientActionsProps = {
  actions: readonly RecipientAction[];
  /** The card's title, for the menu button's name. */
  name: string;
  /** The id of the card title: icon buttons are described by it. */
  describedBy: string;
  onAction: (action: RecipientAction) => void;
};

/** A single action is an icon button; several are a menu. */
export function RecipientActions({ actions, name, describedBy, onAction }: RecipientActionsProps) {
  const { t } = useTranslation();
  const [only] = actions;
  if (only === undefined) return null;
  if (actions.length === 1) {
    return (
      <IconButton
        label={t(LABELS[only])}
        icon={ICONS[only]}
        variant="outline"
        aria-describedby={describedBy}
        onClick={() => onAction(only)}
      />
    );
  }
  return (
    <Menu
      label={t('recipients.actions.menu', { name })}
      trigger={
        <IconButton label={t('recipients.actions.menu', { name })} icon={<MoreIcon />} variant="outline" />
      }
    >
      {actions.map((action) => (
        <MenuItem
          key={action}
          icon={ICONS[action]}
          danger={DANGER.has(action)}
          onSelect={() => onAction(action)}
        >
          {t(LABELS[action])}
        </MenuItem>
      ))}
    </Menu>
  );
}
