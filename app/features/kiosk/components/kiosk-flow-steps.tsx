import type { KioskEmployee } from "@contracts/kiosk";
import { KIOSK_TEXT } from "../kiosk-messages";

// Two steps of the kiosk's flow (./kiosk-flow.tsx): the initials, and the names under one.

export function InitialGrid({
  initials,
  onChoose,
}: {
  initials: string[] | null;
  onChoose: (letter: string) => void;
}) {
  if (initials === null) return <p className="kiosk-flow__hint">Loading…</p>;
  if (initials.length === 0) return <p className="kiosk-flow__hint">{KIOSK_TEXT.noEmployees}</p>;
  return (
    <fieldset className="kiosk-flow__group">
      <legend className="visually-hidden">First-name initial</legend>
      <div className="kiosk-flow__initials">
        {initials.map((letter) => (
          <button key={letter} type="button" className="kiosk-button" onClick={() => onChoose(letter)}>
            {letter}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** Beyond this many names under one initial, the list packs tighter to stay on one tablet screen. */
const CROWDED = 12;

type NameListProps = {
  initial: string;
  employees: KioskEmployee[] | null;
  onChoose: (e: KioskEmployee) => void;
};

export function NameList({ initial, employees, onChoose }: NameListProps) {
  if (employees === null) return <p className="kiosk-flow__hint">Loading…</p>;
  if (employees.length === 0)
    return <p className="kiosk-flow__hint">{KIOSK_TEXT.noneWithInitial(initial)}</p>;
  return (
    <fieldset className="kiosk-flow__group">
      <legend className="visually-hidden">Your name</legend>
      <div className={`kiosk-flow__names${employees.length > CROWDED ? " kiosk-flow__names--crowded" : ""}`}>
        {employees.map((e) => (
          <button
            key={e.id}
            type="button"
            className="kiosk-button kiosk-button--name"
            onClick={() => onChoose(e)}
          >
            <span className="kiosk-button__name">
              {e.first_name} {e.last_name}
            </span>
            <span className="kiosk-button__username">{e.username}</span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}
