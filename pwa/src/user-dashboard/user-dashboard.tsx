// PLACEHOLDER — replaced by the dashboard frame.
export default function Dashboard() {
  return <main>user dashboard</main>;
}
