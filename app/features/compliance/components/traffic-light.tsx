import type { ComplianceLight } from "@contracts/compliance";
import { LIGHT_WORDS } from "../format";

/** A traffic light with its word ("All clear", "Check", "Breaches this week"): never the colour alone. */
export function TrafficLight({ light }: { light: ComplianceLight }) {
  return (
    <span className={`light light--${light}`} data-light={light}>
      <span className="light__dot" aria-hidden="true" />
      {LIGHT_WORDS[light]}
    </span>
  );
}
