// PLACEHOLDER — replaced by the page implementation.
export function ResetPasswordPage(_: { kind: 'user' | 'coach' | 'gym' }) {
  return <main>ResetPasswordPage</main>;
}
