import { useEffect, useRef } from 'react';
import './forms.css';

export interface Message {
  text: string;
  tone: 'error' | 'success';
}

export function errorMessage(text: string): Message {
  return { text, tone: 'error' };
}

export function successMessage(text: string): Message {
  return { text, tone: 'success' };
}

/**
 * The status line of a form (§8 "Focus moves to the message"). The live region stays in the DOM
 * so screen readers announce changes; each new Message object takes focus, even when its text
 * repeats the previous one — unless `takeFocus` is false (the front desk keeps focus in its code
 * field for the next member; the live region still announces).
 */
export function FormMessage({ message, takeFocus = true }: { message: Message | null; takeFocus?: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message && takeFocus) ref.current?.focus();
  }, [message, takeFocus]);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      aria-live="assertive"
      className={message ? `form-status form-status--${message.tone}` : 'form-status form-status--empty'}
    >
      {message?.text}
    </p>
  );
}
