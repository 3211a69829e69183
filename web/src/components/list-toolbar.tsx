import type { ReactNode } from 'react';
import { SearchBox, type SearchBoxProps } from './search-box.tsx';

export type ListToolbarProps = {
  /** The list's search field. */
  search: SearchBoxProps;
  /** The list's filter menu (components/filter-menu.tsx). */
  filter?: ReactNode;
  /** An action on the list (the access code of /users). */
  action?: ReactNode;
};

/**
 * The one toolbar above a long list (/agents, /users, /admin): the labelled search field takes the
 * room the filter and the action leave; below 768 px it has a row of its own and they share the next.
 * Its layout is `.list-toolbar` in styles/lists.css.
 */
export function ListToolbar({ search, filter, action }: ListToolbarProps) {
  return (
    <div className="list-toolbar">
      <SearchBox {...search} />
      {(filter || action) && (
        <div className="list-toolbar__controls">
          {filter}
          {action}
        </div>
      )}
    </div>
  );
}
