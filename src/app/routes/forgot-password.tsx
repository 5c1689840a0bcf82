// Not built yet: this screen is being written.
export default function ForgotPassword() {
  return <p>Coming soon.</p>;
}
