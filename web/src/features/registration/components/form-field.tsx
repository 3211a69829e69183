import { type ReactNode, useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RegistrationValues, TextFieldName } from '../form/registration-values.ts';
import { OPTIONAL_FIELDS, rulesFor } from '../form/validation-rules.ts';
import { FieldError } from './field-error.tsx';
import { LabelText } from './field-label.tsx';

type FieldName = TextFieldName | 'country' | 'representative.title';

/**
 * One registration field's wiring: its registration with the rules, its ids, whether it is
 * optional, its message (the rule's, else `ownMessage`) and the aria attributes its control carries.
 */
export function useRegistrationField(name: FieldName, ownMessage?: string) {
  const { t } = useTranslation();
  const { register, formState, getFieldState } = useFormContext<RegistrationValues>();
  const id = useId();
  const errorId = `${id}-error`;
  // Reading the field state through formState also subscribes to touched fields (mode onTouched).
  const message = getFieldState(name, formState).error?.message ?? ownMessage;
  const optional = OPTIONAL_FIELDS.has(name);
  return {
    field: register(name, rulesFor(name, t)),
    id,
    errorId,
    message,
    optional,
    aria: {
      'aria-required': !optional,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': message ? errorId : undefined,
    },
  };
}

type FormFieldProps = {
  label: string;
  state: ReturnType<typeof useRegistrationField>;
  /** The control, with `state.id` and `state.aria`. */
  children: ReactNode;
};

/** A labelled control with its error under it. */
export function FormField({ label, state, children }: FormFieldProps) {
  return (
    <div className="form-field">
      <label htmlFor={state.id} className="form-field__label">
        <LabelText text={label} optional={state.optional} />
      </label>
      {children}
      <FieldError id={state.errorId} message={state.message} />
    </div>
  );
}
