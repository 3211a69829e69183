import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toPlainText } from '../form/plain-text.ts';
import type { TextFieldName } from '../form/registration-values.ts';
import { FormField, useRegistrationField } from './form-field.tsx';

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
  const [typedNonDigit, setTypedNonDigit] = useState(false);
  const state = useRegistrationField(name, typedNonDigit ? t('validation.typeNumbers') : undefined);
  const { field } = state;
  return (
    <FormField label={label} state={state}>
      <input
        {...field}
        {...state.aria}
        id={state.id}
        type="text"
        className="ui-input form-field__input"
        autoComplete={autoComplete}
        inputMode={numeric ? 'numeric' : inputMode}
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
    </FormField>
  );
}
