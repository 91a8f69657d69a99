import { INVITABLE_ROLES, type InvitableRole, ROLE_LABELS } from "@contracts/team";
import { useId } from "react";

export type MemberChoice = { role: InvitableRole; location_ids: string[]; may_approve_pay: boolean };

const ROLE_HINTS: Record<InvitableRole, string> = {
  admin: "Everything at every location, except billing and closing the account.",
  location_manager: "Only the locations ticked below: staff, timesheets, corrections and kiosks.",
  payroll: "Reads hours and timesheets everywhere, approves pay periods and exports payroll.",
};

type Props = {
  value: MemberChoice;
  onChange: (next: MemberChoice) => void;
  locations: { id: string; name: string }[];
};

/** The role, and for a location manager their locations and "May approve pay": inviting and editing alike. */
export function MemberFields({ value, onChange, locations }: Props) {
  const roleId = useId();
  const approveId = useId();
  const isManager = value.role === "location_manager";
  const toggle = (id: string, on: boolean) =>
    onChange({
      ...value,
      location_ids: on ? [...value.location_ids, id] : value.location_ids.filter((other) => other !== id),
    });
  return (
    <>
      <div className="field">
        <label htmlFor={roleId}>Role</label>
        <select
          id={roleId}
          value={value.role}
          aria-describedby={`${roleId}-hint`}
          onChange={(event) => onChange({ ...value, role: event.target.value as InvitableRole })}
        >
          {INVITABLE_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
        <p id={`${roleId}-hint`} className="field__hint">
          {ROLE_HINTS[value.role]}
        </p>
      </div>
      {isManager && (
        <fieldset className="team-locations">
          <legend>Locations</legend>
          {locations.map((location) => (
            <label key={location.id} className="checkbox">
              <input
                type="checkbox"
                checked={value.location_ids.includes(location.id)}
                onChange={(event) => toggle(location.id, event.target.checked)}
              />
              {location.name}
            </label>
          ))}
          <div className="checkbox">
            <input
              id={approveId}
              type="checkbox"
              checked={value.may_approve_pay}
              onChange={(event) => onChange({ ...value, may_approve_pay: event.target.checked })}
            />
            <label htmlFor={approveId}>May approve pay (approve pay periods and export payroll)</label>
          </div>
        </fieldset>
      )}
    </>
  );
}

/** What the server is sent: a role that sees every location has no locations and no pay flag of its own. */
export function requestOf(choice: MemberChoice) {
  const isManager = choice.role === "location_manager";
  return {
    role: choice.role,
    location_ids: isManager ? choice.location_ids : [],
    may_approve_pay: isManager && choice.may_approve_pay,
  };
}

/** Why the choice cannot be sent yet, in the screen's words. */
export function choiceProblem(choice: MemberChoice): string | null {
  return choice.role === "location_manager" && choice.location_ids.length === 0
    ? "Tick at least one location for a location manager."
    : null;
}
