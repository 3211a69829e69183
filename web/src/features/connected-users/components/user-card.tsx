import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { MoreIcon } from '../../../components/ui/icons.tsx';
import { Menu, MenuItem } from '../../../components/ui/menu.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import type { ListItemProps } from '../../../components/virtual-list.tsx';
import { formatDate } from '../../../lib/intl-format.ts';
import { avatarStyleOf, badgeToneOf, displayStatusOf } from '../../../lib/invitation-status.ts';
import type { DownloadState } from '../api/use-invitation-downloads.ts';
import { type ConnectedInvitation, canManage } from '../invitation-status.ts';
import { DownloadButton } from './download-button.tsx';

export type UserCardProps = {
  invitation: ConnectedInvitation;
  download: DownloadState;
  onStartDownload: () => void;
  onDownload: (jobId: string) => void;
  onViewPermissions: () => void;
  onRemove: () => void;
  /** Position and measuring from the virtual list. */
  listItem?: ListItemProps;
};

export function UserCard({
  invitation,
  download,
  onStartDownload,
  onDownload,
  onViewPermissions,
  onRemove,
  listItem,
}: UserCardProps) {
  const { t } = useTranslation();
  const shown = displayStatusOf(invitation.status);
  const { fullName } = invitation;
  return (
    <li {...listItem} className="card list-card user-card" data-status={shown}>
      <Avatar name={fullName} variant={avatarStyleOf(shown)} />
      <div className="card__main user-card__main">
        <h3 className="card__title user-card__name">{fullName}</h3>
        <p className="item-subtitle">{invitation.email}</p>
        <p className="item-subtitle">
          {t('connectedUsers.dateRequested', { date: formatDate(invitation.createdAt) })}
        </p>
      </div>
      <div className="user-card__side">
        <Tooltip content={t(`status.tooltips.${shown}`)}>
          <Badge tone={badgeToneOf(shown)} focusable>
            {t(`status.${shown}`)}
          </Badge>
        </Tooltip>
        <DownloadButton name={fullName} state={download} onStart={onStartDownload} onDownload={onDownload} />
        {canManage(invitation.status) ? (
          <Menu
            label={t('connectedUsers.actions.menu', { name: fullName })}
            trigger={
              <IconButton label={t('connectedUsers.actions.menu', { name: fullName })} icon={<MoreIcon />} />
            }
          >
            <MenuItem onSelect={onViewPermissions}>{t('connectedUsers.actions.viewPermissions')}</MenuItem>
            <MenuItem danger onSelect={onRemove}>
              {t('connectedUsers.actions.remove')}
            </MenuItem>
          </Menu>
        ) : (
          // An invisible icon button's box (its size at every width): the download buttons of all
          // cards stand in one column.
          <span className="ui-icon-button user-card__menu-slot" aria-hidden="true" />
        )}
      </div>
    </li>
  );
}
