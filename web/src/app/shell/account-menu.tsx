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

type AccountMenuProps = { user: CurrentUser };

/**
 * Avatar menu from 768 px, burger menu below (which also lists the nav items): both are in the page
 * and CSS shows the one for the width (`.account-menu--wide`, `.account-menu--narrow`), so a page
 * drawn without knowing the width is right at every width and nothing changes when the app starts.
 */
export function AccountMenu({ user }: AccountMenuProps) {
  return (
    <>
      <div className="account-menu account-menu--narrow">
        <AccountMenuFor user={user} narrow />
      </div>
      <div className="account-menu account-menu--wide">
        <AccountMenuFor user={user} narrow={false} />
      </div>
    </>
  );
}

function AccountMenuFor({ user, narrow }: { user: CurrentUser; narrow: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const logout = useLogout();
  const openDocument = useOpenStaticDocument();

  const trigger = narrow ? (
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
    <Menu trigger={trigger} label={narrow ? t('shell.openMenu') : t('shell.accountMenu')}>
      <MenuLabel>
        <span className="account-menu__signed-in">{t('shell.signedInAs')}</span>
        <span className="account-menu__email">{user.email}</span>
      </MenuLabel>
      <MenuSeparator />
      {narrow &&
        navItemsFor(user).map((item) => (
          <MenuItem key={item.to} current={isSelected(item, pathname)} onSelect={() => navigate(item.to)}>
            {t(item.labelKey)}
          </MenuItem>
        ))}
      {narrow && navItemsFor(user).length > 0 && <MenuSeparator />}
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
