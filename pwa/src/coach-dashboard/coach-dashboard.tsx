// PLACEHOLDER — replaced by the dashboard frame.
export default function Dashboard() {
  return <main>coach dashboard</main>;
}
