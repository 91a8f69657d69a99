import {
  NEEDS_PAYROLL_ID,
  PAYROLL_FORMAT_NAMES,
  PAYROLL_FORMATS,
  type PayPeriodOption,
  type PayrollFormat,
} from "@contracts/pay";
import type { TimesheetEmployee } from "@contracts/timesheets";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { LockedButton } from "../../../components/upgrade-hint";
import { detailOr } from "../../../lib/api";
import { employeesLink } from "../../employees";
import { payrollDownload, payrollSettingsQuery } from "../api";
import { codesSummary } from "../format-codes";
import "../pay.css";

const DOWNLOAD_FAILED = "Could not download the payroll file. Please try again.";

/** The format last chosen at a location is offered first next time (per browser). */
const formatKey = (locationId: string) => `clocked.payroll_format.${locationId}`;

function storedFormat(locationId: string): PayrollFormat {
  try {
    const stored = localStorage.getItem(formatKey(locationId));
    return PAYROLL_FORMATS.find((format) => format === stored) ?? PAYROLL_FORMATS[0];
  } catch {
    return PAYROLL_FORMATS[0];
  }
}

function storeFormat(locationId: string, format: PayrollFormat) {
  try {
    localStorage.setItem(formatKey(locationId), format);
  } catch {
    // Private browsing or full storage: the choice lasts as long as the page.
  }
}

type Props = {
  locationId: string;
  period: PayPeriodOption;
  /** The pay period's timesheet: who worked in it, and their payroll IDs. */
  employees: readonly Pick<TimesheetEmployee, "employee_id" | "name" | "payroll_id" | "worked_minutes">[];
  /** Everyone on the pay period's timesheet is approved: it can be exported. */
  approved: boolean;
  /** The plan includes payroll (Pro, Business); otherwise the button is an upgrade hint. */
  canExport: boolean;
};

/**
 * Export to payroll, in the Timesheets pay-period bar: the payroll product's format, and "Download for
 * payroll" once the pay period is approved. The server has the last word: its refusal (not approved for
 * everyone, a payroll ID missing, a multiplier or rate the format cannot hold) is shown under the button.
 */
export function PayrollExport({ locationId, period, employees, approved, canExport }: Props) {
  const formatId = useId();
  const noteId = useId();
  const [format, setFormat] = useState<PayrollFormat>(() => storedFormat(locationId));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Whoever was paid in the period without a payroll ID: the formats that match on one refuse them.
  const unnumbered = employees.filter((e) => e.worked_minutes > 0 && e.payroll_id === null);
  const [downloaded, setDownloaded] = useState<PayrollFormat | null>(null);
  const settings = useQuery({ ...payrollSettingsQuery(), enabled: canExport }).data?.payroll_settings;

  if (!canExport) {
    return (
      <div className="payroll-export">
        <LockedButton feature="payroll" label="Download for payroll" />
      </div>
    );
  }

  async function download() {
    if (busy) return;
    setError(null);
    setDownloaded(null);
    setBusy(true);
    try {
      await payrollDownload(locationId, period.key, format);
      setDownloaded(format);
    } catch (failure) {
      setError(detailOr(failure, DOWNLOAD_FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="payroll-export">
      <div className="payroll-export__format">
        <label htmlFor={formatId}>Payroll format</label>
        <select
          id={formatId}
          value={format}
          onChange={(e) => {
            const next = PAYROLL_FORMATS.find((f) => f === e.target.value) ?? PAYROLL_FORMATS[0];
            setFormat(next);
            storeFormat(locationId, next);
            setError(null);
          }}
        >
          {PAYROLL_FORMATS.map((f) => (
            <option key={f} value={f}>
              {PAYROLL_FORMAT_NAMES[f]}
            </option>
          ))}
        </select>
      </div>
      {settings && (
        <p className="muted small payroll-export__codes">
          Codes: {codesSummary(format, settings)}
          {format !== "csv" && ". Change them in Hours → Payroll codes."}
        </p>
      )}
      {/* Not disabled while busy (it would lose the focus): a second click waits for the first. */}
      <button
        type="button"
        className="button button--small"
        disabled={!approved}
        aria-disabled={busy || undefined}
        aria-describedby={approved ? undefined : noteId}
        onClick={() => void download()}
      >
        {busy ? "Downloading..." : "Download for payroll"}
      </button>
      {!approved && (
        <p id={noteId} className="muted small payroll-export__note">
          Approve the pay period for everyone to download it for payroll.
        </p>
      )}
      {error && (
        <p className="notice notice--error payroll-export__error" role="alert">
          {error}
          {NEEDS_PAYROLL_ID[format] && unnumbered.length > 0 && (
            <>
              {" "}
              <ShowInEmployees employees={unnumbered} />
            </>
          )}
        </p>
      )}
      {downloaded && !NEEDS_PAYROLL_ID[downloaded] && unnumbered.length > 0 && (
        <p className="muted small payroll-export__note" role="status">
          {downloaded === "xero"
            ? "Xero's import matches employees by name, so no payroll ID was needed"
            : "Their payroll_id column is empty"}{" "}
          for {unnumbered.map((e) => e.name).join(", ")}. <ShowInEmployees employees={unnumbered} />
        </p>
      )}
    </div>
  );
}

/** The Employees tab, showing just these employees, where their payroll IDs are added (Pay). */
function ShowInEmployees({ employees }: { employees: readonly Pick<TimesheetEmployee, "employee_id">[] }) {
  const count = employees.length;
  return (
    <Link to={employeesLink(employees.map((e) => e.employee_id))}>
      {count === 1 ? "Open them in Employees" : `Open these ${count} in Employees`}
    </Link>
  );
}
