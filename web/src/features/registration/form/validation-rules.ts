import type { TFunction } from 'i18next';
import type { FieldPathValue, RegisterOptions, Validate } from 'react-hook-form';
import { toPlainText } from './plain-text.ts';
import { MAX_LENGTHS, type RegistrationValues, type TextFieldName } from './registration-values.ts';

export type FieldName =
  | TextFieldName
  | 'country'
  | 'type'
  | 'sanction'
  | 'gatekeeper'
  | 'representative.title';

const DIGITS = /^[0-9]+$/;

/** Which fields may be left empty (labelled '(optional)'). */
export const OPTIONAL_FIELDS: ReadonlySet<FieldName> = new Set(['site', 'representative.title']);

/** The rules of docs/product-rules.md, Validation: required, maximum lengths, and digits only for the VAT number. */
export function rulesFor<N extends FieldName>(name: N, t: TFunction): RegisterOptions<RegistrationValues, N> {
  const required = (value: unknown) =>
    (typeof value === 'string' && toPlainText(value) !== '') || t('validation.required');
  const validate: Record<string, Validate<FieldPathValue<RegistrationValues, N>, RegistrationValues>> = {};
  if (!OPTIONAL_FIELDS.has(name)) validate.required = required;
  if (name in MAX_LENGTHS) {
    const max = MAX_LENGTHS[name as TextFieldName];
    validate.maxLength = (value) =>
      typeof value !== 'string' || toPlainText(value).length <= max || t('validation.maxLength', { max });
  }
  if (name === 'vatNumber') {
    validate.digits = (value) =>
      typeof value !== 'string' ||
      value.trim() === '' ||
      DIGITS.test(value.trim()) ||
      t('validation.onlyNumbers');
  }
  return { validate };
}
