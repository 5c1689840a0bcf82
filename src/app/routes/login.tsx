// Not built yet: this screen is being written.
export default function Login() {
  return <p>Coming soon.</p>;
}
