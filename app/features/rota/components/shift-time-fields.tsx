import { Field } from "../../../components/field";

/** What a shift and a template both ask for: start, end, unpaid break and role. */
export type ShiftTimes = { start: string; end: string; breakMinutes: string; role: string };

export function ShiftTimeFields({
  form,
  busy,
  set,
}: {
  form: ShiftTimes;
  busy: boolean;
  set: (key: keyof ShiftTimes) => (value: string) => void;
}) {
  return (
    <>
      <div className="shift-dialog__times">
        <Field
          label="Start"
          type="time"
          value={form.start}
          disabled={busy}
          onChange={(e) => set("start")(e.target.value)}
        />
        <Field
          label="End"
          type="time"
          value={form.end}
          disabled={busy}
          onChange={(e) => set("end")(e.target.value)}
        />
        <Field
          label="Break (min, unpaid)"
          type="number"
          min={0}
          inputMode="numeric"
          value={form.breakMinutes}
          disabled={busy}
          onChange={(e) => set("breakMinutes")(e.target.value)}
        />
      </div>
      <Field
        label="Role"
        value={form.role}
        maxLength={40}
        placeholder="e.g. Barista"
        disabled={busy}
        onChange={(e) => set("role")(e.target.value)}
      />
    </>
  );
}
