// Not built yet: this screen is being written.
export default function Suppliers() {
  return <p>Coming soon.</p>;
}
