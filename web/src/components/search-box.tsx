import { useId } from 'react';
import { SearchIcon } from './ui/icons.tsx';

export type SearchBoxProps = {
  /** What the field searches by: its visible label (it wraps, so nothing is cut at any width). */
  label: string;
  value: string;
  onChange: (value: string) => void;
};

/**
 * A search field for a list, with a real label above it: no placeholder stands in for the label (it
 * would be cut on a phone and vanish while typing). The list itself debounces and keeps the query in
 * the URL.
 */
export function SearchBox({ label, value, onChange }: SearchBoxProps) {
  const id = useId();
  return (
    <search className="search-box">
      <label htmlFor={id} className="search-box__label">
        {label}
      </label>
      <span className="search-box__field">
        <SearchIcon size={18} className="search-box__icon" />
        <input
          id={id}
          type="search"
          className="search-box__input"
          value={value}
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
        />
      </span>
    </search>
  );
}
