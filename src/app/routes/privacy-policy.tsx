// Not built yet: this screen is being written.
export default function PrivacyPolicy() {
  return <p>Coming soon.</p>;
}
