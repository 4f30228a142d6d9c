// PLACEHOLDER — replaced by the page implementation.
export function SignInPage(_: { kind: 'user' | 'coach' | 'gym' }) {
  return <main>SignInPage</main>;
}
