// PLACEHOLDER — replaced by the page implementation.
export function HomePage() {
  return <main>HomePage</main>;
}
