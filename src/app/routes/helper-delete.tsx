// Not built yet: this screen is being written.
export default function HelperDelete() {
  return <p>Coming soon.</p>;
}
