import './forms.css';
import { useUniqueId } from '../lib/index.ts';

interface ChoiceSelectProps {
  label: string;
  value: string;
  options: readonly { value: string; text: string }[];
  onChange(value: string): void;
  disabled?: boolean;
  /** The empty first choice's text ('Choose a day', or why nothing can be chosen yet). */
  placeholder?: string;
}

/** A labelled drop-down with an empty first choice, so nothing is chosen by default. */
export function ChoiceSelect({
  label,
  value,
  options,
  onChange,
  disabled = false,
  placeholder = 'Select…',
}: ChoiceSelectProps) {
  const id = useUniqueId();
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="form-field__input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </div>
  );
}
