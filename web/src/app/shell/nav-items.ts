import type { CurrentUser } from '../../lib/api/types.ts';

export type NavItem = {
  to: string;
  labelKey: 'nav.products' | 'nav.agents' | 'nav.users';
  /** The item is selected when the path starts with this prefix. */
  selectedPrefix: string;
};

/** user: Products and Agents; active agent: Users; inactive agent and admin: none. */
export function navItemsFor(user: CurrentUser): NavItem[] {
  if (user.role === 'user') {
    return [
      { to: '/products', labelKey: 'nav.products', selectedPrefix: '/product' },
      { to: '/agents', labelKey: 'nav.agents', selectedPrefix: '/agents' },
    ];
  }
  if (user.role === 'agent' && user.agentStatus === 'active') {
    return [{ to: '/users', labelKey: 'nav.users', selectedPrefix: '/users' }];
  }
  return [];
}

export function isSelected(item: NavItem, pathname: string): boolean {
  return pathname.startsWith(item.selectedPrefix);
}
