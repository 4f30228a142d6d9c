// PLACEHOLDER — replaced by the page implementation.
export function RegisterUserPage() {
  return <main>RegisterUserPage</main>;
}
