// PLACEHOLDER — replaced by the page implementation.
export function AboutPage() {
  return <main>AboutPage</main>;
}
