import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FilterIcon } from '../../../components/ui/icons.tsx';
import { Menu, MenuRadioGroup } from '../../../components/ui/menu.tsx';
import { FILTERS, type InvitationFilter } from '../recipient-status.ts';

type FilterMenuProps = { value: InvitationFilter; onChange: (filter: InvitationFilter) => void };

const isFilter = (value: string): value is InvitationFilter => (FILTERS as readonly string[]).includes(value);

export function FilterMenu({ value, onChange }: FilterMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu
      trigger={
        <Button variant="secondary" size="sm" icon={<FilterIcon size={16} />}>
          {t('recipients.filterButton', { filter: t(`filters.${value}`) })}
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
