import type { ComplianceLight } from "@contracts/compliance";
import { CLEAR_WHERE_CHECKED, LIGHT_WORDS } from "../format";

/**
 * A traffic light with its word ("All clear", "Check", "Breaches this week"): never the colour alone. Green
 * while a rule could not be checked (`partlyChecked`) says "Clear where checked", never "All clear".
 */
export function TrafficLight({
  light,
  partlyChecked = false,
}: {
  light: ComplianceLight;
  partlyChecked?: boolean;
}) {
  return (
    <span className={`light light--${light}`} data-light={light}>
      <span className="light__dot" aria-hidden="true" />
      {light === "green" && partlyChecked ? CLEAR_WHERE_CHECKED : LIGHT_WORDS[light]}
    </span>
  );
}
