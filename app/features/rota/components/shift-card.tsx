import type { RotaShift, RotaWarning } from "@contracts/rota";
import { type KeyboardEvent, useId } from "react";
import { cardLabel, shiftBadge } from "../labels";
import { shiftTimes, timeRange } from "../shift-time";
import { DRAG_TYPE } from "../use-shift-move";

type Props = {
  shift: RotaShift;
  /** The employee's name, or "Open shift". */
  name: string;
  timeZone: string;
  warnings: RotaWarning[];
  /** Shown with the name (the phone's day list); the grid's row already says whose it is. */
  showName?: boolean;
  /** Editing allowed: the card can be dragged, and M or C starts a keyboard move or copy. */
  movable: boolean;
  /** This card is being moved or copied by keyboard. */
  picked?: boolean;
  /** Opens the edit dialog; without it (no `rota:edit`) the card is only read. */
  onOpen?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void;
  /** The focus left the card (a keyboard move or copy under way ends there). */
  onBlur?: () => void;
};

/**
 * A shift on the rota: a button that opens it (an article for those who only read the rota), with its
 * times, break, role, badges and warnings.
 */
export function ShiftCard({
  shift,
  name,
  timeZone,
  warnings,
  showName,
  movable,
  picked,
  onOpen,
  onKeyDown,
  onBlur,
}: Props) {
  const describedBy = useId();
  const times = shiftTimes(shift, timeZone);
  const badge = shiftBadge(shift);
  const classes = ["shift-card", badge === "Draft" && "shift-card--draft", picked && "shift-card--picked"];
  const card = {
    className: classes.filter(Boolean).join(" "),
    "aria-label": cardLabel(name, times, shift.role),
    "aria-describedby": describedBy,
    // The warnings as the pointer's tip; the description reads them (and the rest) to a screen reader.
    title: warnings.length > 0 ? warnings.map((warning) => warning.detail).join("\n") : undefined,
  };
  const content = (
    <>
      {showName && <span className="shift-card__name">{name}</span>}
      <span className="shift-card__times">
        {timeRange(times)}
        {times.endsDaysLater > 0 && <span className="shift-card__next"> (next day)</span>}
      </span>
      <span className="shift-card__meta">
        {shift.break_minutes > 0 && <span>{shift.break_minutes} min</span>}
        {shift.role && <span className="shift-card__role">{shift.role}</span>}
        {shift.notes && (
          <span className="shift-card__note" title={shift.notes}>
            Note
          </span>
        )}
      </span>
      {(badge || warnings.length > 0) && (
        <span className="shift-card__marks">
          {badge && (
            <span className={`badge ${badge === "Draft" ? "badge--draft" : "badge--changed"}`}>{badge}</span>
          )}
          {warnings.length > 0 && (
            <span className="shift-card__warning" aria-hidden="true">
              ⚠ {warnings.length}
            </span>
          )}
        </span>
      )}
      <span id={describedBy} className="visually-hidden">
        {[
          shift.break_minutes > 0 ? `${shift.break_minutes} min break` : "No break",
          badge,
          shift.notes ? `Note: ${shift.notes}` : null,
          ...warnings.map((warning) => `Warning: ${warning.detail}`),
          movable ? "Press M to move or C to copy" : null,
        ]
          .filter(Boolean)
          .join(". ")}
      </span>
    </>
  );
  if (!onOpen) {
    return <article {...card}>{content}</article>;
  }
  return (
    <button
      type="button"
      {...card}
      data-shift-id={shift.id}
      draggable={movable}
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, shift.id);
        event.dataTransfer.effectAllowed = "copyMove";
      }}
      onClick={onOpen}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      {content}
    </button>
  );
}
