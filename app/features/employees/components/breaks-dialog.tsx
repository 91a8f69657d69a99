import type { Employee } from "@contracts/employees";
import {
  type BreakOverride,
  type BreakOverrideRequest,
  breakOverrideRequest,
  CUSTOM_BREAK_MINUTES,
  WORKDAY_HOURS,
} from "@contracts/settings";
import { useState } from "react";
import { Field } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { toast } from "../../../lib/toast";
import { staffChanges, useStaffChange } from "../api";

type Props = {
  employee: Employee;
  locationId: string;
  /** The employee's own break and workday, if set. */
  override: BreakOverride | null;
  /** What applies without an override (the location's standard). */
  standard: { breakMinutes: number; workHours: number };
  onDone: () => void;
  onClose: () => void;
};

const SAVE_FAILED = "Error saving breaks";

/** An employee's own break length and workday, used instead of the location's standard. */
export function BreaksDialog({ employee, locationId, override, standard, onDone, onClose }: Props) {
  const [hours, setHours] = useState(String(override?.custom_work_hours ?? standard.workHours));
  const [minutes, setMinutes] = useState(String(override?.custom_break_minutes ?? standard.breakMinutes));
  // A body saves the employee's own break; null goes back to the location's standard.
  const change = useStaffChange(
    locationId,
    (body: BreakOverrideRequest | null) =>
      body
        ? staffChanges.saveBreaks(locationId, employee.id, body)
        : staffChanges.resetBreaks(locationId, employee.id),
    SAVE_FAILED,
  );
  const busy = change.isPending;

  function run(body: BreakOverrideRequest | null, success: string) {
    change.mutate(body, {
      onSuccess: () => {
        toast.success(success);
        onDone();
      },
    });
  }

  function submit() {
    const parsed = breakOverrideRequest.safeParse({
      custom_work_hours: Number(hours),
      custom_break_minutes: Number(minutes),
    });
    if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message ?? SAVE_FAILED);
    run(parsed.data, `Breaks saved for ${employee.first_name}`);
  }

  return (
    <Modal
      title={`Breaks — ${employee.first_name} ${employee.last_name}`}
      submitLabel="Save breaks"
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="muted">
        {employee.first_name}'s own workday and break replace the location's standard ({standard.workHours}{" "}
        hours, {standard.breakMinutes} minutes). The break is still deducted only on days worked over 6 hours.
      </p>
      <div className="field-row">
        <Field
          label="Work hours per day"
          type="number"
          inputMode="decimal"
          min={WORKDAY_HOURS.min}
          max={WORKDAY_HOURS.max}
          step={WORKDAY_HOURS.step}
          value={hours}
          onChange={(e) => setHours(e.target.value)}
          hint="1 to 24, in half hours"
        />
        <Field
          label="Break minutes"
          type="number"
          inputMode="numeric"
          min={CUSTOM_BREAK_MINUTES.min}
          max={CUSTOM_BREAK_MINUTES.max}
          step={1}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          hint="0 to 240"
        />
      </div>
      {override && (
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => run(null, `${employee.first_name} is back on the standard break`)}
        >
          Use the location's standard instead
        </button>
      )}
    </Modal>
  );
}
