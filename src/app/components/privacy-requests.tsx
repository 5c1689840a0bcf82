import { Form } from "react-router";

export interface WithdrawalRow {
  id: string;
  phoneShown: string;
  requested: string;
  dueBy: string;
  overdue: boolean;
}

/**
 * Withdrawals of consent recorded on /privacy/my-data from a browser that had not given the
 * number: the operator checks with the person that it is theirs, then deletes the lead here.
 */
export function PrivacyRequests({ requests }: { requests: WithdrawalRow[] }) {
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="withdrawals-heading" className="admin-withdrawals">
      <h2 id="withdrawals-heading">Withdrawals of consent to carry out</h2>
      <p>Check that the number is the person's own, then delete their lead within 30 days of the request.</p>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Phone</th>
              <th scope="col">Requested</th>
              <th scope="col">Due by</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {requests.map((request) => (
              <tr key={request.id}>
                <td data-label="Phone">{request.phoneShown}</td>
                <td data-label="Requested">{request.requested}</td>
                <td data-label="Due by">
                  {request.dueBy}
                  {request.overdue ? <strong> (overdue)</strong> : null}
                </td>
                <td data-label="Action">
                  <Form method="post">
                    <input type="hidden" name="id" value={request.id} />
                    <button type="submit" className="button" aria-label={`Delete the lead of ${request.phoneShown}`}>
                      Delete lead
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
