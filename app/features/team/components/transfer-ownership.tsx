import type { TeamMember } from "@contracts/team";
import { type FormEvent, useId, useState } from "react";
import { Field } from "../../../components/field";
import { toast } from "../../../lib/toast";
import { refreshUser } from "../../billing";
import { useTransferOwnership } from "../api";

/**
 * The owner hands the account to a member (billing, closing the account and this very section go with it);
 * they stay on as an admin. Confirmed with their password.
 */
export function TransferOwnership({ members }: { members: TeamMember[] }) {
  const [open, setOpen] = useState(false);
  const [memberId, setMemberId] = useState("");
  const [password, setPassword] = useState("");
  const selectId = useId();
  const transfer = useTransferOwnership();
  const chosen = members.find((member) => member.id === memberId);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return void toast.error("Choose who becomes the owner.");
    if (!password) return void toast.error("Please enter your password.");
    transfer.mutate(
      { member_id: chosen.id, password },
      {
        onSuccess: async ({ message }) => {
          toast.success(message);
          // What this session may see changes with its role.
          await refreshUser();
        },
      },
    );
  }

  if (members.length === 0) return null;
  return (
    <section className="subscription-dialog__section" aria-label="Transfer ownership">
      <h3>Transfer ownership</h3>
      {open ? (
        <form className="confirm-box" aria-label="Transfer ownership" onSubmit={submit} noValidate>
          <p>
            The new owner gets billing and closing the account, and can transfer it again. You stay on the
            team as an admin.
          </p>
          <div className="field">
            <label htmlFor={selectId}>New owner</label>
            <select id={selectId} value={memberId} onChange={(event) => setMemberId(event.target.value)}>
              <option value="">Choose a member</option>
              {members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
          </div>
          <Field
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="modal__actions">
            <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
              Keep ownership
            </button>
            <button type="submit" className="button button--danger" disabled={transfer.isPending}>
              {transfer.isPending ? "Transferring..." : "Transfer ownership"}
            </button>
          </div>
        </form>
      ) : (
        <p>
          <button type="button" className="link-button" onClick={() => setOpen(true)}>
            Choose a new owner…
          </button>
        </p>
      )}
    </section>
  );
}
