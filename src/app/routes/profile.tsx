// Not built yet: this screen is being written.
export default function Profile() {
  return <p>Coming soon.</p>;
}
