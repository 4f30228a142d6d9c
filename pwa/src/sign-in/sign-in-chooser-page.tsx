// PLACEHOLDER — replaced by the page implementation.
export function SignInChooserPage() {
  return <main>SignInChooserPage</main>;
}
