// PLACEHOLDER — replaced by the page implementation.
export function GoogleSignInPage() {
  return <main>GoogleSignInPage</main>;
}
