import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from '../forms/index.ts';
import '../forms/forms.css';
import {
  advance,
  canAdvance,
  goBack,
  isFieldValid,
  typedValue,
  type WizardField,
  type WizardStep,
  type WizardValues,
} from './wizard-steps.ts';

interface WizardProps {
  steps: readonly WizardStep[];
  values: WizardValues;
  onValueChange(field: WizardField, value: string): void;
  busy: boolean;
  /** The screen after the last field (registration's confirm boxes); without it the last step submits. */
  confirm?: ReactNode;
  /** Whether the confirm screen allows submitting (every box ticked). */
  canSubmit?: boolean;
  submitLabel: string;
  onSubmit(): void;
  /** Shown above the first step only. */
  intro?: ReactNode;
}

/** One field per step, Next gated by the step model (wizard-steps.ts); shared by every wizard screen. */
export function Wizard({
  steps,
  values,
  onValueChange,
  busy,
  confirm,
  canSubmit = true,
  submitLabel,
  onSubmit,
  intro,
}: WizardProps) {
  const [index, setIndex] = useState(0);
  const confirmRef = useRef<HTMLDivElement>(null);
  const onConfirm = index === steps.length;
  const step = steps[index];
  const submitsHere = onConfirm || (!confirm && index === steps.length - 1);
  const total = steps.length + (confirm ? 1 : 0);

  // The confirm screen has no text field to auto-focus: keep keyboard users at its start.
  useEffect(() => {
    if (onConfirm) confirmRef.current?.focus();
  }, [onConfirm]);

  const enabled = !busy && (onConfirm ? canSubmit : canAdvance(steps, index, values));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!enabled) return;
    if (submitsHere) onSubmit();
    else setIndex(advance(steps, index, values));
  }

  return (
    <form className="form-stack" onSubmit={handleSubmit} noValidate>
      {index === 0 && intro}
      <p className="form-stack__progress">
        Step {index + 1} of {total}
      </p>
      {step && (
        <TextField
          key={step.field}
          label={step.label}
          type={step.type}
          autoComplete={step.autoComplete}
          hint={step.hint}
          maxLength={step.maxLength}
          value={values[step.field] ?? ''}
          invalid={!isFieldValid(step.field, values)}
          onChange={(raw) => onValueChange(step.field, typedValue(step.field, raw))}
          autoFocus
        />
      )}
      {onConfirm && (
        <div ref={confirmRef} tabIndex={-1}>
          {confirm}
        </div>
      )}
      <div className="form-stack__actions">
        {index > 0 && (
          <button type="button" className="form-button" onClick={() => setIndex(goBack(index))} disabled={busy}>
            Back
          </button>
        )}
        <button type="submit" className="form-button form-button--primary" disabled={!enabled}>
          {busy ? 'Please Wait' : submitsHere ? submitLabel : 'Next'}
        </button>
      </div>
    </form>
  );
}
