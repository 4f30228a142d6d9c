// PLACEHOLDER — replaced by the page implementation.
export function VerifyEmailPage(_: { kind: 'user' | 'coach' | 'gym' }) {
  return <main>VerifyEmailPage</main>;
}
