import { Form } from "react-router";
import { DataTable, type DataColumn } from "../../../ui/data-table";

export interface WithdrawalRow {
  id: string;
  phoneShown: string;
  requested: string;
  dueBy: string;
  overdue: boolean;
}

const columns: DataColumn<WithdrawalRow>[] = [
  { label: "Phone", cell: (request) => request.phoneShown },
  { label: "Requested", cell: (request) => request.requested },
  {
    label: "Due by",
    cell: (request) => (
      <>
        {request.dueBy}
        {request.overdue ? <strong> (overdue)</strong> : null}
      </>
    ),
  },
  {
    label: "Action",
    cell: (request) => (
      <Form method="post">
        <input type="hidden" name="id" value={request.id} />
        <button type="submit" className="button" aria-label={`Delete the lead of ${request.phoneShown}`}>
          Delete lead
        </button>
      </Form>
    ),
  },
];

/**
 * Withdrawals of consent recorded on /privacy/my-data from a browser that had not given the
 * number: the operator checks with the person that it is theirs, then deletes the lead here.
 */
export function PrivacyRequests({ requests }: { requests: WithdrawalRow[] }) {
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="withdrawals-heading" className="operator-withdrawals">
      <h2 id="withdrawals-heading">Withdrawals of consent to carry out</h2>
      <p>Check that the number is the person's own, then delete their lead within 30 days of the request.</p>
      <DataTable columns={columns} rows={requests} rowKey={(request) => request.id} />
    </section>
  );
}
