// Not built yet: this screen is being written.
export default function HelperCreate() {
  return <p>Coming soon.</p>;
}
