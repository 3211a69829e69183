import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ChevronDownIcon } from '../../../components/ui/icons.tsx';
import { Menu, MenuRadioGroup } from '../../../components/ui/menu.tsx';
import { FILTERS, type InvitationFilter } from '../invitation-status.ts';

function isFilter(value: string): value is InvitationFilter {
  return (FILTERS as readonly string[]).includes(value);
}

export function FilterMenu({
  value,
  onChange,
}: {
  value: InvitationFilter;
  onChange: (value: InvitationFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu
      align="end"
      trigger={
        <Button variant="secondary" icon={<ChevronDownIcon size={16} />}>
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
