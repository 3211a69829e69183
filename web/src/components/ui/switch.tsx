import { Switch as RadixSwitch } from 'radix-ui';
import { useId } from 'react';

export type SwitchProps = {
  label: string;
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  /** Shows a state that cannot be changed here (e.g. granted permissions): not operable, full contrast. */
  readOnly?: boolean;
  /** Hide the text label visually (it stays the accessible name). */
  hideLabel?: boolean;
  describedBy?: string;
};

export function Switch({
  label,
  checked,
  onCheckedChange,
  disabled,
  readOnly = false,
  hideLabel = false,
  describedBy,
}: SwitchProps) {
  const id = useId();
  return (
    <div className={readOnly ? 'ui-switch ui-switch--readonly' : 'ui-switch'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'ui-switch__label'}>
        {label}
      </label>
      <RadixSwitch.Root
        id={id}
        className="ui-switch__root"
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled || readOnly}
        data-readonly={readOnly || undefined}
        aria-describedby={describedBy}
      >
        <RadixSwitch.Thumb className="ui-switch__thumb" />
      </RadixSwitch.Root>
    </div>
  );
}
