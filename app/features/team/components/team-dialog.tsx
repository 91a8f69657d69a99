import { ROLE_LABELS, type TeamInvitation, type TeamMember } from "@contracts/team";
import { memberLimitMessage, planOf } from "@domain/plans";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { RetryNotice } from "../../../components/retry-notice";
import { sessionCan } from "../../../lib/permissions";
import { useManagerSession } from "../../../lib/session";
import { toast } from "../../../lib/toast";
import { UpgradeHint } from "../../billing";
import { locationsQuery } from "../../locations";
import { teamQuery, useResendInvitation, useRevokeInvitation } from "../api";
import { allowanceText, namesOf, shortDate, shortDateTime } from "../format";
import { EditMemberDialog } from "./edit-member-dialog";
import { InviteDialog } from "./invite-dialog";
import { RemoveMemberDialog } from "./remove-member-dialog";
import { TransferOwnership } from "./transfer-ownership";
import "../team.css";

type Open =
  | { name: "invite" }
  | { name: "edit"; member: TeamMember }
  | { name: "remove"; member: TeamMember };

/** Settings → Team: who is on the account, what they may do, pending invitations, and ownership. */
export function TeamDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const session = useManagerSession();
  const team = useQuery(teamQuery);
  const locations = useQuery(locationsQuery).data?.locations ?? [];
  const [open, setOpen] = useState<Open | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  if (!session) return null;
  const isOwner = sessionCan(session, "team:transfer");
  const account = { plan: session.user.plan, isVip: session.user.is_vip };
  const allowance = team.data?.allowance;
  const full = allowance ? allowance.max !== null && allowance.used >= allowance.max : false;
  // The owner is changed only by a transfer, nobody edits or removes themselves, and an admin leaves other
  // admins to the owner (the server refuses it too).
  const changeable = (member: TeamMember) =>
    member.role !== "owner" && !member.is_you && (isOwner || member.role !== "admin");
  const others = team.data?.members.filter((member) => !member.is_you && member.role !== "owner") ?? [];

  return (
    <dialog
      ref={dialog}
      className="modal subscription-dialog team"
      aria-labelledby={titleId}
      onClose={onClose}
    >
      <div className="subscription-dialog__head">
        <h2 id={titleId}>Team</h2>
        <button type="button" className="button button--ghost button--small" onClick={onClose}>
          Close
        </button>
      </div>

      <section
        className="subscription-dialog__section team__allowance"
        aria-label="Team members on your plan"
      >
        {team.isError ? (
          <RetryNotice message="Your team could not be loaded." onRetry={() => void team.refetch()} />
        ) : (
          <p>
            {allowance
              ? allowanceText(allowance.used, allowance.max, planOf(session.user.plan).name)
              : "Loading your team…"}
          </p>
        )}
        <button
          type="button"
          className="button"
          disabled={!team.data || full}
          onClick={() => setOpen({ name: "invite" })}
        >
          Invite someone
        </button>
        {full &&
          (isOwner ? (
            <UpgradeHint>{memberLimitMessage(account)}</UpgradeHint>
          ) : (
            <p className="upgrade-note">{memberLimitMessage(account)} Ask the account's owner to upgrade.</p>
          ))}
      </section>

      <section className="subscription-dialog__section" aria-labelledby={`${titleId}-members`}>
        <h3 id={`${titleId}-members`}>Members</h3>
        <ul className="team__list">
          {team.data?.members.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              changeable={changeable(member)}
              places={namesOf(member.location_ids, locations)}
              onEdit={() => setOpen({ name: "edit", member })}
              onRemove={() => setOpen({ name: "remove", member })}
            />
          ))}
        </ul>
      </section>

      {team.data && team.data.invitations.length > 0 && (
        <section className="subscription-dialog__section" aria-labelledby={`${titleId}-invitations`}>
          <h3 id={`${titleId}-invitations`}>Pending invitations</h3>
          <ul className="team__list">
            {team.data.invitations.map((invitation) => (
              <InvitationRow
                key={invitation.id}
                invitation={invitation}
                places={namesOf(invitation.location_ids, locations)}
              />
            ))}
          </ul>
        </section>
      )}

      {isOwner && team.data && <TransferOwnership members={others} />}

      {open?.name === "invite" && <InviteDialog locations={locations} onClose={() => setOpen(null)} />}
      {open?.name === "edit" && (
        <EditMemberDialog member={open.member} locations={locations} onClose={() => setOpen(null)} />
      )}
      {open?.name === "remove" && <RemoveMemberDialog member={open.member} onClose={() => setOpen(null)} />}
    </dialog>
  );
}

type MemberRowProps = {
  member: TeamMember;
  places: string;
  changeable: boolean;
  onEdit: () => void;
  onRemove: () => void;
};

function MemberRow({ member, places, changeable, onEdit, onRemove }: MemberRowProps) {
  return (
    <li className="team__row" aria-label={member.name}>
      <div className="team__who">
        <strong>
          {member.name}
          {member.is_you && <span className="muted"> (you)</span>}
        </strong>
        <span className="muted small">{member.email}</span>
      </div>
      <div className="team__what">
        <span className="status-pill status-pill--custom">{ROLE_LABELS[member.role]}</span>
        {member.role === "location_manager" && member.may_approve_pay && (
          <span className="status-pill status-pill--active">May approve pay</span>
        )}
        <span className="small">{places}</span>
        <span className="muted small">
          {member.last_sign_in_at
            ? `Last signed in ${shortDateTime(member.last_sign_in_at)}`
            : "Not signed in yet"}
        </span>
      </div>
      {changeable && (
        <div className="team__actions">
          <button
            type="button"
            className="button button--ghost button--small"
            aria-label={`Edit ${member.name}`}
            onClick={onEdit}
          >
            Edit
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            aria-label={`Remove ${member.name}`}
            onClick={onRemove}
          >
            Remove
          </button>
        </div>
      )}
    </li>
  );
}

function InvitationRow({ invitation, places }: { invitation: TeamInvitation; places: string }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  return (
    <li className="team__row" aria-label={invitation.email}>
      <div className="team__who">
        <strong>{invitation.email}</strong>
        <span className="muted small">
          Invited by {invitation.invited_by} on {shortDate(invitation.created_at)}, link valid until{" "}
          {shortDate(invitation.expires_at)}
        </span>
      </div>
      <div className="team__what">
        <span className="status-pill status-pill--custom">{ROLE_LABELS[invitation.role]}</span>
        <span className="small">{places}</span>
      </div>
      <div className="team__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={`Resend the invitation to ${invitation.email}`}
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(invitation.id, {
              onSuccess: () => toast.success(`Sent again to ${invitation.email}`),
            })
          }
        >
          {resend.isPending ? "Sending..." : "Resend"}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={`Revoke the invitation to ${invitation.email}`}
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(invitation.id, {
              onSuccess: () => toast.success(`Invitation to ${invitation.email} revoked`),
            })
          }
        >
          Revoke
        </button>
      </div>
    </li>
  );
}
