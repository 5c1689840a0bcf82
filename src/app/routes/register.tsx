// Not built yet: this screen is being written.
export default function Register() {
  return <p>Coming soon.</p>;
}
