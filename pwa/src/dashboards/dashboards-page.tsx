// PLACEHOLDER — replaced by the page implementation.
export function DashboardsPage() {
  return <main>DashboardsPage</main>;
}
