import type { Employee } from "@contracts/employees";
import {
  type EmployeePay,
  type EmployeePayRequest,
  employeePayRequest,
  WITHDRAWN_BEFORE_SIGNED,
  WITHDRAWN_WITHOUT_SIGNED,
} from "@contracts/pay";
import { useState } from "react";
import { Modal } from "../../../components/modal";
import { detailOr } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useSavePayTerms } from "../api";
import { HolidayTermsFields, holidayTermsBody, holidayTermsOf } from "./holiday-terms-fields";
import { MinimumWageFields, type MinimumWageTerms, minimumWageBody } from "./minimum-wage-fields";
import { TermsField } from "./terms-field";
import { numberOrNull } from "./typed-number";
import { type WorkingTime, WorkingTimeFields, workingTimeBody } from "./working-time-fields";

type Props = {
  employee: Employee;
  locationId: string;
  /** The employee's saved terms, if any. */
  terms: EmployeePay | null;
  onDone: () => void;
  onClose: () => void;
};

const SAVE_FAILED = "Error saving pay terms";

/** Clears the pay fields; the working-time fields, left out, keep their saved values. */
const CLEARED: EmployeePayRequest = { payroll_id: null, contracted_weekly_hours: null, hourly_rate: null };

/** The fields a refusal can be about; anything else is shown above the dialog's buttons. */
type TermsFieldName = Exclude<keyof EmployeePayRequest, "irregular_hours">;
type Refusal = { field: TermsFieldName | null; message: string };

/** The API's message in the dialog's words: an empty field is what the API calls null. */
const inFormWords = (message: string) =>
  message.replace("or null for none", "or empty for none").replace(/, or null$/, ", or empty");

/** Which field a message from the server is about (its messages name the field). */
function fieldOf(message: string): TermsFieldName | null {
  const text = message.toLowerCase();
  if (text.includes("apprenticeship")) return "apprenticeship_start";
  if (text.includes("accommodation")) {
    return text.includes("charge") && !text.includes("days a week")
      ? "accommodation_weekly_charge"
      : "accommodation_days_per_week";
  }
  if (text.includes("date of birth")) return "date_of_birth";
  if (message === WITHDRAWN_BEFORE_SIGNED || text.includes("withdrawal")) return "opt_out_withdrawn";
  if (text.includes("opt-out") || text.includes("opt out")) return "opt_out_signed";
  if (text.includes("payroll id")) return "payroll_id";
  if (text.includes("working days")) return "working_days_per_week";
  if (text.includes("employment end")) return "employment_end_date";
  if (text.includes("employment start")) return "employment_start_date";
  if (text.includes("contracted")) return "contracted_weekly_hours";
  if (text.includes("hourly rate")) return "hourly_rate";
  return null;
}

const isFieldName = (key: unknown): key is TermsFieldName =>
  key === "payroll_id" ||
  key === "contracted_weekly_hours" ||
  key === "hourly_rate" ||
  key === "date_of_birth" ||
  key === "opt_out_signed" ||
  key === "opt_out_withdrawn" ||
  key === "apprenticeship_start" ||
  key === "accommodation_days_per_week" ||
  key === "accommodation_weekly_charge" ||
  key === "employment_start_date" ||
  key === "employment_end_date" ||
  key === "working_days_per_week";

/** What the dialog can tell before asking the server: the opt-out's dates in the right order. */
function optOutProblem(time: WorkingTime): Refusal | null {
  if (time.optOutWithdrawn && !time.optOutSigned)
    return { field: "opt_out_signed", message: WITHDRAWN_WITHOUT_SIGNED };
  if (time.optOutWithdrawn && time.optOutSigned && time.optOutWithdrawn < time.optOutSigned)
    return { field: "opt_out_withdrawn", message: WITHDRAWN_BEFORE_SIGNED };
  return null;
}

/**
 * An employee's pay terms (Pro and Business): the payroll ID (works number) payroll exports match on, the
 * contracted weekly hours (overtime only beyond them) and the hourly rate (amounts in the exports); and the
 * working-time facts the compliance checks need: date of birth, irregular hours, the 48-hour opt-out; and the
 * minimum wage's: an apprenticeship's start and living accommodation provided.
 */
export function PayTermsDialog({ employee, locationId, terms, onDone, onClose }: Props) {
  const [payrollId, setPayrollId] = useState(terms?.payroll_id ?? "");
  const [hours, setHours] = useState(
    terms?.contracted_weekly_hours == null ? "" : String(terms.contracted_weekly_hours),
  );
  const [rate, setRate] = useState(terms?.hourly_rate == null ? "" : terms.hourly_rate.toFixed(2));
  const [time, setTime] = useState<WorkingTime>({
    dateOfBirth: terms?.date_of_birth ?? "",
    irregularHours: terms?.irregular_hours ?? false,
    optOutSigned: terms?.opt_out_signed ?? "",
    optOutWithdrawn: terms?.opt_out_withdrawn ?? "",
  });
  const [wage, setWage] = useState<MinimumWageTerms>({
    apprenticeshipStart: terms?.apprenticeship_start ?? "",
    accommodationDays:
      terms?.accommodation_days_per_week == null ? "" : String(terms.accommodation_days_per_week),
    accommodationCharge:
      terms?.accommodation_weekly_charge == null ? "" : terms.accommodation_weekly_charge.toFixed(2),
  });
  const [holiday, setHoliday] = useState(holidayTermsOf(terms));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const save = useSavePayTerms(locationId, employee.id);
  const busy = save.isPending;
  const hasTerms =
    terms !== null &&
    (terms.payroll_id !== null || terms.contracted_weekly_hours !== null || terms.hourly_rate !== null);
  const errorOf = (field: TermsFieldName) => (refusal?.field === field ? refusal.message : null);

  function run(body: EmployeePayRequest, success: string) {
    setRefusal(null);
    save.mutate(body, {
      onSuccess: () => {
        toast.success(success);
        onDone();
      },
      onError: (error) => {
        const message = inFormWords(detailOr(error, SAVE_FAILED));
        setRefusal({ field: fieldOf(message), message });
      },
    });
  }

  function submit() {
    const parsed = employeePayRequest.safeParse({
      payroll_id: payrollId.trim() === "" ? null : payrollId.trim(),
      contracted_weekly_hours: numberOrNull(hours),
      hourly_rate: numberOrNull(rate),
      ...workingTimeBody(time),
      ...minimumWageBody(wage),
      ...holidayTermsBody(holiday),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const key = issue?.path[0];
      return setRefusal({
        field: isFieldName(key) ? key : null,
        message: issue ? inFormWords(issue.message) : SAVE_FAILED,
      });
    }
    const problem = optOutProblem(time);
    if (problem) return setRefusal(problem);
    run(parsed.data, `Pay terms saved for ${employee.first_name}`);
  }

  const general = refusal && refusal.field === null ? refusal.message : null;
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
      <TermsField
        label="Payroll ID (works number)"
        value={payrollId}
        maxLength={35}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => setPayrollId(e.target.value)}
        hint="Up to 35 letters, digits, spaces and . _ / -"
        error={errorOf("payroll_id")}
      />
      <div className="field-row">
        <TermsField
          label="Contracted hours a week"
          type="number"
          inputMode="decimal"
          min={0.25}
          max={168}
          step={0.25}
          value={hours}
          onChange={(e) => setHours(e.target.value)}
          hint="Overtime only beyond these each week (no daily limit)"
          error={errorOf("contracted_weekly_hours")}
        />
        <TermsField
          label="Hourly rate (£)"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
          hint="In pounds and pence, e.g. 12.21: exports show amounts"
          error={errorOf("hourly_rate")}
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
      <WorkingTimeFields value={time} onChange={setTime} errorOf={errorOf} />
      <MinimumWageFields value={wage} onChange={setWage} errorOf={errorOf} />
      <HolidayTermsFields value={holiday} onChange={setHoliday} errorOf={errorOf} />
      {general && (
        <p className="notice notice--error" role="alert">
          {general}
        </p>
      )}
    </Modal>
  );
}
