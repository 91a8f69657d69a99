import { addDays, type LocalDate } from "@domain/time-zone";

type Props = {
  /** The Monday shown. */
  monday: LocalDate;
  thisMonday: LocalDate;
  /** The earliest Monday there is anything to show for, if any. */
  firstMonday?: LocalDate;
  /** Weeks after this one can be shown (the rota plans ahead); otherwise Next week stops at this one. */
  future?: boolean;
  onChange: (monday: LocalDate) => void;
};

/** Previous week, This week and Next week: the Timesheets and Compliance week pickers (never past this one), the Rota's. */
export function WeekNav({ monday, thisMonday, firstMonday, future = false, onChange }: Props) {
  return (
    <>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={firstMonday !== undefined && monday <= firstMonday}
        onClick={() => onChange(addDays(monday, -7))}
      >
        Previous week
      </button>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => onChange(thisMonday)}
      >
        This week
      </button>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={!future && monday >= thisMonday}
        onClick={() => onChange(addDays(monday, 7))}
      >
        Next week
      </button>
    </>
  );
}
