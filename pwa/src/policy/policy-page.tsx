// PLACEHOLDER — replaced by the page implementation.
export function PolicyPage() {
  return <main>PolicyPage</main>;
}
