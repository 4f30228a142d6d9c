// PLACEHOLDER — replaced by the page implementation.
export function RegisterGymPage() {
  return <main>RegisterGymPage</main>;
}
