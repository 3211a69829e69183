import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { CurrentUser } from '../../lib/api/types.ts';
import { useBranding } from '../../lib/branding.ts';
import { homePathFor } from '../../lib/session/current-user.ts';
import { AccountMenu } from './account-menu.tsx';
import { isSelected, navItemsFor } from './nav-items.ts';

export function Header({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { productName } = useBranding();
  const { pathname } = useLocation();
  const items = navItemsFor(user);

  return (
    <header className="app-header">
      <Link
        to={homePathFor(user)}
        className="app-header__brand"
        aria-label={t('shell.home', { productName })}
      >
        {productName}
      </Link>
      {/* Below 768 px CSS hides the links: the menu button's menu lists them (account-menu.tsx). */}
      {items.length > 0 && (
        <nav className="app-header__nav" aria-label={t('shell.mainNav')}>
          <ul>
            {items.map((item) => {
              const selected = isSelected(item, pathname);
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className={selected ? 'app-header__link app-header__link--selected' : 'app-header__link'}
                    aria-current={selected ? 'page' : undefined}
                  >
                    {t(item.labelKey)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      <div className="app-header__end">
        <AccountMenu user={user} />
      </div>
    </header>
  );
}
