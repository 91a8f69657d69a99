import { MAX_BREAKS, REASON_MAX } from "@contracts/timesheets";
import { useEffect, useId, useRef } from "react";
import { Field } from "../../../components/field";
import { type BreakRow, breakRow, type EntryForm } from "../entry-form";

type FieldsProps = {
  form: EntryForm;
  onChange: (form: EntryForm) => void;
  disabled?: boolean;
  /** The entry is still open: the check-out may stay empty. */
  openAllowed?: boolean;
};

/** Check-in and check-out as the location's date and time, and the entry's breaks. */
export function EntryTimeFields({ form, onChange, disabled, openAllowed }: FieldsProps) {
  const set = (patch: Partial<EntryForm>) => onChange({ ...form, ...patch });
  return (
    <>
      <fieldset className="entry-fields__group" disabled={disabled}>
        <legend>Check-in</legend>
        <div className="field-row">
          <Field
            label="Check-in date"
            type="date"
            value={form.inDate}
            required
            onChange={(e) => set({ inDate: e.target.value })}
          />
          <Field
            label="Check-in time"
            type="time"
            value={form.inTime}
            required
            onChange={(e) => set({ inTime: e.target.value })}
          />
        </div>
      </fieldset>
      <fieldset className="entry-fields__group" disabled={disabled}>
        <legend>Check-out</legend>
        <div className="field-row">
          <Field
            label="Check-out date"
            type="date"
            value={form.outDate}
            required={!openAllowed}
            onChange={(e) => set({ outDate: e.target.value })}
          />
          <Field
            label="Check-out time"
            type="time"
            value={form.outTime}
            required={!openAllowed}
            onChange={(e) => set({ outTime: e.target.value })}
          />
        </div>
        {openAllowed && (
          <p className="field__hint entry-fields__hint">
            Still checked in: leave the check-out empty to keep the entry open.
          </p>
        )}
      </fieldset>
      <BreaksEditor breaks={form.breaks} disabled={disabled} onChange={(breaks) => set({ breaks })} />
    </>
  );
}

function BreaksEditor({
  breaks,
  disabled,
  onChange,
}: {
  breaks: BreakRow[];
  disabled?: boolean;
  onChange: (breaks: BreakRow[]) => void;
}) {
  const update = (key: number, patch: Partial<BreakRow>) =>
    onChange(breaks.map((b) => (b.key === key ? { ...b, ...patch } : b)));
  return (
    <fieldset className="entry-fields__group entry-breaks" disabled={disabled}>
      <legend>Breaks</legend>
      {breaks.length === 0 ? (
        <p className="muted small entry-breaks__none">No breaks clocked.</p>
      ) : (
        <ul className="entry-breaks__list">
          {breaks.map((b, index) => (
            <li key={b.key} className="entry-breaks__row">
              <Field
                label={`Break ${index + 1} start`}
                type="time"
                value={b.start}
                onChange={(e) => update(b.key, { start: e.target.value })}
              />
              <Field
                label={`Break ${index + 1} end`}
                type="time"
                value={b.end}
                onChange={(e) => update(b.key, { end: e.target.value })}
              />
              <button
                type="button"
                className="button button--ghost button--small entry-breaks__remove"
                aria-label={`Remove break ${index + 1}`}
                onClick={() => onChange(breaks.filter((other) => other.key !== b.key))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={breaks.length >= MAX_BREAKS}
        onClick={() => onChange([...breaks, breakRow()])}
      >
        Add a break
      </button>
    </fieldset>
  );
}

/** The reason every correction (and an unlock) needs: one line, 1 to 200 characters, counted as it is typed. */
export function ReasonField({
  label = "Reason for the change",
  value,
  onChange,
  disabled,
  focusOnMount,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Takes the focus when it appears (the void step replaces the button that led to it). */
  focusOnMount?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusOnMount) input.current?.focus();
  }, [focusOnMount]);
  return (
    <div className="field entry-reason">
      <label htmlFor={id}>{label}</label>
      <textarea
        ref={input}
        id={id}
        rows={2}
        maxLength={REASON_MAX}
        required
        disabled={disabled}
        value={value}
        aria-describedby={`${id}-count`}
        // One line: the API refuses line breaks and tabs in a reason.
        onChange={(e) => onChange(e.target.value.replace(/[\t\r\n]+/g, " "))}
      />
      <p id={`${id}-count`} className="field__hint entry-reason__count">
        {value.length}/{REASON_MAX} characters
      </p>
    </div>
  );
}

/** The dialog's one message: what is wrong, or why the server refused. */
export function ErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="notice notice--error entry-dialog__error" role="alert">
      {message}
    </p>
  );
}
