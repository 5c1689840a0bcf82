// Not built yet: this screen is being written.
export default function Filters() {
  return <p>Coming soon.</p>;
}
