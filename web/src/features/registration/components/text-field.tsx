import { type HTMLAttributes, useId, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toPlainText } from '../form/plain-text.ts';
import type { RegistrationValues, TextFieldName } from '../form/registration-values.ts';
import { OPTIONAL_FIELDS, rulesFor } from '../form/validation-rules.ts';
import { FieldError } from './field-error.tsx';
import { LabelText } from './field-label.tsx';

export type TextFieldProps = {
  name: TextFieldName;
  label: string;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Digits only: typing anything else shows 'You can only type numbers' at once. */
  numeric?: boolean;
};

const NON_DIGIT = /[^0-9]/;

/** A text input; what was typed is reduced to plain text when the field is left. */
export function TextField({ name, label, autoComplete, inputMode, numeric = false }: TextFieldProps) {
  const { t } = useTranslation();
  const { register, formState, getFieldState } = useFormContext<RegistrationValues>();
  const id = useId();
  const errorId = `${id}-error`;
  // Reading the field state through formState also subscribes to touched fields (mode onTouched).
  const [typedNonDigit, setTypedNonDigit] = useState(false);
  const message =
    getFieldState(name, formState).error?.message ??
    (typedNonDigit ? t('validation.typeNumbers') : undefined);
  const optional = OPTIONAL_FIELDS.has(name);
  const field = register(name, rulesFor(name, t));
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        <LabelText text={label} optional={optional} />
      </label>
      <input
        {...field}
        id={id}
        type="text"
        className="ui-input form-field__input"
        autoComplete={autoComplete}
        inputMode={numeric ? 'numeric' : inputMode}
        aria-required={!optional}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        onChange={(event) => {
          if (numeric) setTypedNonDigit(NON_DIGIT.test(event.target.value.trim()));
          return field.onChange(event);
        }}
        onBlur={(event) => {
          // Sanitise before react-hook-form reads the value for validation.
          event.target.value = toPlainText(event.target.value);
          return field.onBlur(event);
        }}
      />
      <FieldError id={errorId} message={message} />
    </div>
  );
}
