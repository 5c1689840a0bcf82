// Not built yet: this screen is being written.
export default function AdminLeads() {
  return <p>Coming soon.</p>;
}
