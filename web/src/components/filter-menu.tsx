import { Button } from './ui/button.tsx';
import { FilterIcon } from './ui/icons.tsx';
import { Menu, MenuRadioGroup } from './ui/menu.tsx';

export type FilterMenuProps<T extends string> = {
  /** The filter's name: the button reads '<label>: <current option>'. */
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
};

/** The filter button of a list toolbar (components/list-toolbar.tsx) and its menu of options. */
export function FilterMenu<T extends string>({ label, value, options, onChange }: FilterMenuProps<T>) {
  const current = options.find((option) => option.value === value)?.label ?? value;
  return (
    <Menu
      align="end"
      trigger={
        <Button variant="secondary" icon={<FilterIcon size={16} />}>
          {`${label}: ${current}`}
        </Button>
      }
    >
      <MenuRadioGroup
        label={label}
        value={value}
        onValueChange={(next) => {
          const chosen = options.find((option) => option.value === next);
          if (chosen) onChange(chosen.value);
        }}
        options={options}
      />
    </Menu>
  );
}
