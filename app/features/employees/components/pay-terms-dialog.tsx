import type { Employee } from "@contracts/employees";
import { type EmployeePay, type EmployeePayRequest, employeePayRequest } from "@contracts/pay";
import { useState } from "react";
import { toast } from "sonner";
import { Field } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { staffChanges, useStaffChange } from "../api";

type Props = {
  employee: Employee;
  locationId: string;
  /** The employee's saved terms, if any. */
  terms: EmployeePay | null;
  onDone: () => void;
  onClose: () => void;
};

const SAVE_FAILED = "Error saving pay terms";

const CLEARED: EmployeePayRequest = { payroll_id: null, contracted_weekly_hours: null, hourly_rate: null };

/** A number typed in a field: "" is none (null); "£12.50" and "1,000" are read as numbers; else NaN. */
function numberOrNull(text: string): number | null {
  const plain = text.trim().replace(/^£\s*/, "").replace(/,/g, "");
  return plain === "" ? null : Number(plain);
}

/** The API's message in the dialog's words: an empty field is what the API calls null. */
const inFormWords = (message: string) =>
  message.replace("or null for none", "or empty for none").replace(/, or null$/, ", or empty");

/**
 * An employee's pay terms (Pro and Business): the payroll ID (works number) payroll exports match on, the
 * contracted weekly hours (overtime only beyond them) and the hourly rate (amounts in the exports).
 */
export function PayTermsDialog({ employee, locationId, terms, onDone, onClose }: Props) {
  const [payrollId, setPayrollId] = useState(terms?.payroll_id ?? "");
  const [hours, setHours] = useState(
    terms?.contracted_weekly_hours == null ? "" : String(terms.contracted_weekly_hours),
  );
  const [rate, setRate] = useState(terms?.hourly_rate == null ? "" : terms.hourly_rate.toFixed(2));
  const change = useStaffChange(
    locationId,
    (body: EmployeePayRequest) => staffChanges.savePay(locationId, employee.id, body),
    SAVE_FAILED,
  );
  const busy = change.isPending;
  const hasTerms =
    terms !== null &&
    (terms.payroll_id !== null || terms.contracted_weekly_hours !== null || terms.hourly_rate !== null);

  function run(body: EmployeePayRequest, success: string) {
    change.mutate(body, {
      onSuccess: () => {
        toast.success(success);
        onDone();
      },
    });
  }

  function submit() {
    const parsed = employeePayRequest.safeParse({
      payroll_id: payrollId.trim() === "" ? null : payrollId.trim(),
      contracted_weekly_hours: numberOrNull(hours),
      hourly_rate: numberOrNull(rate),
    });
    const issue = parsed.error?.issues[0];
    if (!parsed.success) return void toast.error(issue ? inFormWords(issue.message) : SAVE_FAILED);
    run(parsed.data, `Pay terms saved for ${employee.first_name}`);
  }

  return (
    <Modal
      title={`Pay terms — ${employee.first_name} ${employee.last_name}`}
      submitLabel="Save pay terms"
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="muted">
        Payroll exports match {employee.first_name} on the payroll ID, as your payroll software numbers them.
        Leave a field empty for none.
      </p>
      <Field
        label="Payroll ID (works number)"
        value={payrollId}
        maxLength={35}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => setPayrollId(e.target.value)}
        hint="Up to 35 letters, digits, spaces and . _ / -"
      />
      <div className="field-row">
        <Field
          label="Contracted hours a week"
          type="number"
          inputMode="decimal"
          min={0.25}
          max={168}
          step={0.25}
          value={hours}
          onChange={(e) => setHours(e.target.value)}
          hint="Overtime only beyond these each week (no daily limit)"
        />
        <Field
          label="Hourly rate (£)"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
          hint="In pounds and pence, e.g. 12.21: exports show amounts"
        />
      </div>
      {hasTerms && (
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => run(CLEARED, `Pay terms cleared for ${employee.first_name}`)}
        >
          Clear pay terms
        </button>
      )}
    </Modal>
  );
}
