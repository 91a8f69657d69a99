import type { RotaShift } from "@contracts/rota";
import type { LocalDate } from "@domain/time-zone";
import { type DragEvent, type KeyboardEvent, useEffect, useState } from "react";
import { detailOr } from "../../lib/api";
import { toast } from "../../lib/toast";
import { dayName } from "../timesheets";
import { rotaCalls, useRotaChange } from "./api";
import type { RotaRow } from "./rows";
import { onAnotherDay, shiftTimes } from "./shift-time";

// Moving and copying shifts: by dragging a card to another cell (Alt / Option held on the drop copies), or
// by keyboard: M (move) or C (copy) on a focused card, the arrow keys to choose the cell, Enter to drop,
// Escape to cancel, each step read out by the live region. A moved shift keeps its wall-clock times.

const DRAG_TYPE = "text/x-clocked-shift";

export type Picked = { shift: RotaShift; copy: boolean; row: number; day: number };

type Target = { employeeId: string | null; date: LocalDate };

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

const clamp = (value: number, length: number) => Math.min(Math.max(value, 0), length - 1);

export function useShiftMove({
  locationId,
  timeZone,
  rows,
  dates,
  shifts,
}: {
  locationId: string;
  timeZone: string;
  rows: RotaRow[];
  dates: LocalDate[];
  shifts: RotaShift[];
}) {
  const [picked, setPicked] = useState<Picked | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // A shift moved by keyboard is drawn again in its new cell: the focus follows it there.
  const [follow, setFollow] = useState<string | null>(null);
  useEffect(() => {
    if (!follow || !shifts.some((shift) => shift.id === follow)) return;
    document.querySelector<HTMLElement>(`[data-shift-id="${CSS.escape(follow)}"]`)?.focus();
    setFollow(null);
  }, [follow, shifts]);
  const change = useRotaChange(
    locationId,
    async ({ shift, copy, to }: { shift: RotaShift; copy: boolean; to: Target }) => {
      const instants = onAnotherDay(shift, to.date, timeZone);
      if (!instants) throw new Error("That time does not exist on that day (the clocks go forward).");
      const body = {
        employee_id: to.employeeId,
        ...instants,
        break_minutes: shift.break_minutes,
        role: shift.role,
        notes: shift.notes,
      };
      return copy ? rotaCalls.addShift(locationId, body) : rotaCalls.saveShift(locationId, shift.id, body);
    },
  );

  const where = (target: Target) =>
    `${rows.find((row) => row.employeeId === target.employeeId)?.name ?? "Open shifts"}, ${dayName(target.date)}`;

  function drop(shift: RotaShift, copy: boolean, to: Target, byKeyboard = false) {
    const from = shiftTimes(shift, timeZone).date;
    if (!copy && to.employeeId === shift.employee_id && to.date === from) return;
    change.mutate(
      { shift, copy, to },
      {
        onSuccess: () => {
          setAnnouncement(`Shift ${copy ? "copied" : "moved"} to ${where(to)}.`);
          if (byKeyboard && !copy) setFollow(shift.id);
        },
        onError: (error) => {
          const message = detailOr(error, `The shift could not be ${copy ? "copied" : "moved"}.`);
          setAnnouncement(message);
          toast.error(message);
        },
      },
    );
  }

  const targetOf = (state: Picked): Target => ({
    employeeId: rows[state.row]?.employeeId ?? null,
    date: dates[state.day] ?? dates[0] ?? "",
  });

  /** A card's keys: M or C picks it up; then arrows, Enter and Escape. */
  function keyDown(shift: RotaShift, event: KeyboardEvent<HTMLButtonElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (!picked || picked.shift.id !== shift.id) {
      const key = event.key.toLowerCase();
      if (key !== "m" && key !== "c") return;
      event.preventDefault();
      const row = rows.findIndex((r) => r.employeeId === shift.employee_id);
      const day = dates.indexOf(shiftTimes(shift, timeZone).date);
      const state = { shift, copy: key === "c", row: Math.max(row, 0), day: Math.max(day, 0) };
      setPicked(state);
      setAnnouncement(
        `${state.copy ? "Copying" : "Moving"} the shift. ${where(targetOf(state))}. Use the arrow keys to choose a day and a row, Enter to drop, Escape to cancel.`,
      );
      return;
    }
    const step = ARROWS[event.key];
    if (step) {
      event.preventDefault();
      const next = {
        ...picked,
        row: clamp(picked.row + step[0], rows.length),
        day: clamp(picked.day + step[1], dates.length),
      };
      setPicked(next);
      setAnnouncement(where(targetOf(next)));
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      setPicked(null);
      drop(picked.shift, picked.copy, targetOf(picked), true);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setPicked(null);
      setAnnouncement(`${picked.copy ? "Copy" : "Move"} cancelled.`);
    }
  }

  /** A cell's drag handlers: a card dropped there moves, or copies with Alt (Option) held. */
  const dropTarget = (to: Target) => ({
    onDragOver(event: DragEvent<HTMLElement>) {
      if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = event.altKey ? "copy" : "move";
    },
    onDrop(event: DragEvent<HTMLElement>) {
      const shift = shifts.find((s) => s.id === event.dataTransfer.getData(DRAG_TYPE));
      if (!shift) return;
      event.preventDefault();
      drop(shift, event.altKey, to);
    },
  });

  /** Whether a cell is where the keyboard's picked shift would land. */
  const isTarget = (rowIndex: number, dayIndex: number) =>
    picked !== null && picked.row === rowIndex && picked.day === dayIndex;

  return {
    picked,
    announcement,
    keyDown,
    dropTarget,
    isTarget,
    cancel: () => setPicked(null),
    busy: change.isPending,
  };
}

export { DRAG_TYPE };
