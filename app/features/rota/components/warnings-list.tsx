import type { RotaWarning } from "@contracts/rota";
import { formatDate } from "@domain/time-zone";

/** The week's working-time warnings: who, when, what is wrong, the regulation, and the fix. */
export function WarningsList({ warnings }: { warnings: RotaWarning[] }) {
  return (
    <ul className="rota-warnings">
      {warnings.map((warning, index) => (
        // A warning has no id of its own; its place in the week's list is stable while the list is shown.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <li key={index} className="rota-warnings__item">
          <p className="rota-warnings__detail">
            <strong>
              {warning.name}, {formatDate(warning.date)}:
            </strong>{" "}
            {warning.detail}
          </p>
          <p className="muted small">{warning.regulation}</p>
          <p className="small">
            <span className="rota-warnings__fix">Fix:</span> {warning.fix}
          </p>
        </li>
      ))}
    </ul>
  );
}
