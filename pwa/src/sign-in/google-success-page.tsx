// PLACEHOLDER — replaced by the page implementation.
export function GoogleSuccessPage() {
  return <main>GoogleSuccessPage</main>;
}
