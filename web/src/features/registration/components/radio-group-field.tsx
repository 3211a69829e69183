import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RegistrationValues } from '../form/registration-values.ts';
import { rulesFor } from '../form/validation-rules.ts';
import { FieldError } from './field-error.tsx';

export type RadioGroupFieldProps = {
  name: 'type' | 'sanction' | 'gatekeeper';
  legend: string;
  options: readonly { value: string; label: string }[];
};

/** A required choice: a fieldset whose legend names the group; the error is linked to every option. */
export function RadioGroupField({ name, legend, options }: RadioGroupFieldProps) {
  const { t } = useTranslation();
  const { register, formState, getFieldState } = useFormContext<RegistrationValues>();
  const id = useId();
  const errorId = `${id}-error`;
  // Reading the field state through formState also subscribes to touched fields (mode onTouched).
  const message = getFieldState(name, formState).error?.message;
  const field = register(name, rulesFor(name, t));
  return (
    <fieldset className="form-field form-field--choice">
      <legend className="form-field__label">{legend}</legend>
      <div className="form-field__options">
        {options.map((option) => (
          <label key={option.value} className="form-field__option">
            <input
              {...field}
              type="radio"
              value={option.value}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? errorId : undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={message} />
    </fieldset>
  );
}
