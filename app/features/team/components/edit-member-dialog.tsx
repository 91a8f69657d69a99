import type { TeamMember } from "@contracts/team";
import { useState } from "react";
import { Modal } from "../../../components/modal";
import { toast } from "../../../lib/toast";
import { useUpdateMember } from "../api";
import { choiceProblem, type MemberChoice, MemberFields, requestOf } from "./member-fields";

type Props = { member: TeamMember; locations: { id: string; name: string }[]; onClose: () => void };

/** The same fields as the invitation; narrowing a role signs the member out everywhere (the server's doing). */
export function EditMemberDialog({ member, locations, onClose }: Props) {
  const [choice, setChoice] = useState<MemberChoice>({
    role: member.role === "owner" ? "admin" : member.role,
    location_ids: member.location_ids ?? [],
    may_approve_pay: member.may_approve_pay,
  });
  const update = useUpdateMember();

  function submit() {
    const problem = choiceProblem(choice);
    if (problem) return void toast.error(problem);
    update.mutate(
      { id: member.id, body: requestOf(choice) },
      {
        onSuccess: ({ signed_out }) => {
          // Narrowing what someone may do ends their sessions, so they sign in again to the new role.
          toast.success(
            signed_out ? `${member.name} saved and signed out everywhere` : `${member.name} saved`,
          );
          onClose();
        },
      },
    );
  }

  return (
    <Modal
      title={`Edit ${member.name}`}
      submitLabel="Save"
      busy={update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <MemberFields value={choice} onChange={setChoice} locations={locations} />
    </Modal>
  );
}
