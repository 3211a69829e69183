import { useId } from 'react';

export type SearchBoxProps = {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
};

/** A labelled search field for a list (the list itself debounces and keeps the query in the URL). */
export function SearchBox({ label, placeholder, value, onChange }: SearchBoxProps) {
  const id = useId();
  return (
    <search className="search-box">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="search-box__input"
        placeholder={placeholder ?? label}
        value={value}
        maxLength={100}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
    </search>
  );
}
