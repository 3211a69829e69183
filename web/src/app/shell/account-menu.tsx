import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LanguageMenuGroup } from '../../components/language-menu-group.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { DocumentIcon, LogoutIcon, MenuIcon } from '../../components/ui/icons.tsx';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '../../components/ui/menu.tsx';
import { useLogout } from '../../features/auth/use-logout.ts';
import type { CurrentUser } from '../../lib/api/types.ts';
import { USER_GUIDE_URL, useOpenStaticDocument } from '../../lib/static-documents.ts';
import { isSelected, navItemsFor } from './nav-items.ts';

type AccountMenuProps = { user: CurrentUser; mobile: boolean };

/** Avatar menu on desktop, burger menu on mobile (which also lists the nav items). */
export function AccountMenu({ user, mobile }: AccountMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const logout = useLogout();
  const openDocument = useOpenStaticDocument();

  const trigger = mobile ? (
    <button type="button" className="ui-icon-button ui-icon-button--ghost" aria-label={t('shell.openMenu')}>
      <MenuIcon />
    </button>
  ) : (
    // Named by hidden text, not aria-label: the initials shown are decorative (WCAG 2.5.3, label in name).
    <button type="button" className="account-menu__trigger">
      <Avatar name={user.fullName || user.email} size="sm" />
      <span className="visually-hidden">{t('shell.accountMenu')}</span>
    </button>
  );

  return (
    <Menu trigger={trigger} label={mobile ? t('shell.openMenu') : t('shell.accountMenu')}>
      <MenuLabel>
        <span className="account-menu__signed-in">{t('shell.signedInAs')}</span>
        <span className="account-menu__email">{user.email}</span>
      </MenuLabel>
      <MenuSeparator />
      {mobile &&
        navItemsFor(user).map((item) => (
          <MenuItem key={item.to} current={isSelected(item, pathname)} onSelect={() => navigate(item.to)}>
            {t(item.labelKey)}
          </MenuItem>
        ))}
      {mobile && navItemsFor(user).length > 0 && <MenuSeparator />}
      <MenuItem
        icon={<DocumentIcon size={18} />}
        onSelect={() => void openDocument(USER_GUIDE_URL, t('shell.userGuideFile'))}
      >
        {t('shell.userGuide')}
      </MenuItem>
      <MenuSeparator />
      <LanguageMenuGroup />
      <MenuSeparator />
      <MenuItem icon={<LogoutIcon size={18} />} onSelect={() => void logout()}>
        {t('shell.logout')}
      </MenuItem>
    </Menu>
  );
}
