// Not built yet: this screen is being written.
export default function Dashboard() {
  return <p>Coming soon.</p>;
}
