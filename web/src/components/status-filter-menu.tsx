import { useTranslation } from 'react-i18next';
import { FILTERS, type InvitationFilter } from '../lib/invitation-status.ts';
import { FilterMenu } from './filter-menu.tsx';

/** The filter menu of the recipients and connected-users lists: Show all, Active, Pending, Declined, Revoked. */
export function StatusFilterMenu({
  value,
  onChange,
}: {
  value: InvitationFilter;
  onChange: (filter: InvitationFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <FilterMenu
      label={t('filters.label')}
      value={value}
      onChange={onChange}
      options={FILTERS.map((filter) => ({ value: filter, label: t(`filters.${filter}`) }))}
    />
  );
}
