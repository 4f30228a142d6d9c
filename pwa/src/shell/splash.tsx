// PLACEHOLDER — replaced by the page implementation.
export function Splash() {
  return <main>Splash</main>;
}
