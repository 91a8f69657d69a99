import type { StaffQuery } from "@contracts/staff-hours";
import { dateAt } from "./format";

// A query as the staff member sees it: what they wrote, and the manager's answer or that it is waiting.

export function QueryStatus({ query, timeZone }: { query: StaffQuery; timeZone: string }) {
  return (
    <div className="staff-query">
      <p>
        <strong>You asked</strong> on {dateAt(query.created_at, timeZone)}: {query.note}
      </p>
      {query.answer !== null && query.answered_at !== null ? (
        <p className="staff-query__answer">
          <strong>{query.answered_by ?? "Your manager"} answered</strong> on{" "}
          {dateAt(query.answered_at, timeZone)}: {query.answer}
        </p>
      ) : (
        <p className="muted">
          {query.reviewed ? "Your manager reviewed your hours with this query." : "Waiting for your manager."}
        </p>
      )}
    </div>
  );
}
