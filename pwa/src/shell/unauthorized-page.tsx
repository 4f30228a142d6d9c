// PLACEHOLDER — replaced by the page implementation.
export function UnauthorizedPage() {
  return <main>UnauthorizedPage</main>;
}
