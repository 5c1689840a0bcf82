// Not built yet: this screen is being written.
export default function ResetPassword() {
  return <p>Coming soon.</p>;
}
