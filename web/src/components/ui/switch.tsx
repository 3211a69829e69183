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

/**
 * A switch: a button with the `switch` role (WAI-ARIA's switch pattern: Space and Enter toggle it, as
 * any button). Written here rather than taken from Radix: Radix's switch sets state from its element
 * once mounted (to learn whether it sits in a form) and measures itself, so every switch of a page
 * renders twice more, synchronously, when the page starts (a list of products is a list of switches).
 * This one keeps Radix's markup (`data-state`, `data-disabled`) and renders once.
 */
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
  const state = checked ? 'checked' : 'unchecked';
  const off = disabled || readOnly;
  return (
    <div className={readOnly ? 'ui-switch ui-switch--readonly' : 'ui-switch'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'ui-switch__label'}>
        {label}
      </label>
      <button
        type="button"
        role="switch"
        id={id}
        className="ui-switch__root"
        aria-checked={checked}
        data-state={state}
        disabled={off}
        data-disabled={off ? '' : undefined}
        data-readonly={readOnly || undefined}
        aria-describedby={describedBy}
        onClick={() => onCheckedChange?.(!checked)}
      >
        <span className="ui-switch__thumb" data-state={state} data-disabled={off ? '' : undefined} />
      </button>
    </div>
  );
}
