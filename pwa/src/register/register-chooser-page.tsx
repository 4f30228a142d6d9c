// PLACEHOLDER — replaced by the page implementation.
export function RegisterChooserPage() {
  return <main>RegisterChooserPage</main>;
}
