// PLACEHOLDER — replaced by the page implementation.
export function ForgottenPasswordPage(_: { kind: 'user' | 'coach' | 'gym' }) {
  return <main>ForgottenPasswordPage</main>;
}
