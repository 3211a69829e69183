import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RegistrationValues } from '../form/registration-values.ts';
import { OPTIONAL_FIELDS, rulesFor } from '../form/validation-rules.ts';
import { FieldError } from './field-error.tsx';
import { LabelText } from './field-label.tsx';

export type SelectFieldProps = {
  name: 'country' | 'representative.title';
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  autoComplete?: string;
};

export function SelectField({ name, label, placeholder, options, autoComplete }: SelectFieldProps) {
  const { t } = useTranslation();
  const { register, formState, getFieldState } = useFormContext<RegistrationValues>();
  const id = useId();
  const errorId = `${id}-error`;
  // Reading the field state through formState also subscribes to touched fields (mode onTouched).
  const message = getFieldState(name, formState).error?.message;
  const optional = OPTIONAL_FIELDS.has(name);
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        <LabelText text={label} optional={optional} />
      </label>
      <select
        {...register(name, rulesFor(name, t))}
        id={id}
        className="ui-input form-field__input"
        autoComplete={autoComplete}
        aria-required={!optional}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={message} />
    </div>
  );
}
