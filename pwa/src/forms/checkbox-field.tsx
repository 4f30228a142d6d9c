import { type ReactNode } from 'react';
import './forms.css';
import { useUniqueId } from '../lib/index.ts';

interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  /** Something next to the label that is not part of it, e.g. a 'Read' link. */
  extra?: ReactNode;
}

export function CheckboxField({ label, checked, onChange, extra }: CheckboxFieldProps) {
  const id = useUniqueId();
  return (
    <div className="form-checkbox">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
      {extra}
    </div>
  );
}
