import { useTranslation } from 'react-i18next';
import { FILTERS, type InvitationFilter, isFilter } from '../lib/invitation-status.ts';
import { Button } from './ui/button.tsx';
import { FilterIcon } from './ui/icons.tsx';
import { Menu, MenuRadioGroup } from './ui/menu.tsx';

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
    <Menu
      align="end"
      trigger={
        <Button variant="secondary" size="sm" icon={<FilterIcon size={16} />}>
          {`${t('filters.label')}: ${t(`filters.${value}`)}`}
        </Button>
      }
    >
      <MenuRadioGroup
        label={t('filters.label')}
        value={value}
        onValueChange={(next) => {
          if (isFilter(next)) onChange(next);
        }}
        options={FILTERS.map((filter) => ({ value: filter, label: t(`filters.${filter}`) }))}
      />
    </Menu>
  );
}
