import './directory.css';
import { useUniqueId } from '../lib/index.ts';

interface SearchBoxProps {
  /** The visible prompt, e.g. 'Search Gyms here...' (§2). */
  placeholder: string;
  /** The accessible name, e.g. 'Search gyms'. */
  label: string;
  value: string;
  onChange(value: string): void;
}

/**
 * The directory search box: it filters on every keystroke, so submitting the form (Enter, the
 * keyboard's search key) does nothing further (§2).
 */
export function SearchBox({ placeholder, label, value, onChange }: SearchBoxProps) {
  const id = useUniqueId();
  return (
    <form role="search" className="search-box" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        className="search-box__input"
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
    </form>
  );
}
