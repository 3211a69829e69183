import { FormField, useRegistrationField } from './form-field.tsx';

export type SelectFieldProps = {
  name: 'country' | 'representative.title';
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  autoComplete?: string;
};

export function SelectField({ name, label, placeholder, options, autoComplete }: SelectFieldProps) {
  const state = useRegistrationField(name);
  return (
    <FormField label={label} state={state}>
      <select
        {...state.field}
        {...state.aria}
        id={state.id}
        className="ui-input form-field__input"
        autoComplete={autoComplete}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}
