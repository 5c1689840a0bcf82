// Not built yet: this screen is being written.
export default function Logout() {
  return <p>Coming soon.</p>;
}
