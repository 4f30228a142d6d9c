// PLACEHOLDER — replaced by the page implementation.
export function RegisterCoachPage() {
  return <main>RegisterCoachPage</main>;
}
