// Not built yet: this screen is being written.
export default function AdminOutbox() {
  return <p>Coming soon.</p>;
}
