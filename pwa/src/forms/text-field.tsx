import { useLayoutEffect, useRef, type HTMLInputTypeAttribute } from 'react';
import './forms.css';
import { useUniqueId } from '../lib/index.ts';

interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  type?: Extract<HTMLInputTypeAttribute, 'text' | 'email' | 'tel' | 'password'>;
  /** Always set: browsers and password managers fill the right thing (given-name, email, tel, new-password...). */
  autoComplete: string;
  /** The §5 hint; shown under the field and read with it. */
  hint?: string;
  /** Marks a non-empty value that breaks the hint's rule. */
  invalid?: boolean;
  /** Focused when it appears (each wizard step's field), so typing goes on without a tap or Tab. */
  autoFocus?: boolean;
  maxLength?: number;
  required?: boolean;
}

export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  hint,
  invalid = false,
  autoFocus,
  maxLength,
  required = true,
}: TextFieldProps) {
  const id = useUniqueId();
  const hintId = `${id}-hint`;
  const input = useRef<HTMLInputElement>(null);
  // Focused here, not by the autofocus attribute: browsers honour that attribute once per page load,
  // and React's focus() call on mount is not something Preact does (decision 159).
  useLayoutEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  const showInvalid = invalid && value !== '';
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={input}
        id={id}
        className="form-field__input"
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required={required}
        inputMode={type === 'tel' ? 'tel' : type === 'email' ? 'email' : undefined}
        autoCapitalize={type === 'email' || type === 'password' ? 'none' : undefined}
        spellCheck={type === 'email' || type === 'password' ? false : undefined}
        aria-invalid={showInvalid || undefined}
        aria-describedby={hint ? hintId : undefined}
      />
      {hint && (
        <p id={hintId} className={showInvalid ? 'form-field__hint form-field__hint--invalid' : 'form-field__hint'}>
          {hint}
        </p>
      )}
    </div>
  );
}
