// Not built yet: this screen is being written.
export default function HelperEdit() {
  return <p>Coming soon.</p>;
}
