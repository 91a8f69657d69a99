import { useState } from "react";
import { Field } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { toast } from "../../../lib/toast";
import { useInvite } from "../api";
import { choiceProblem, type MemberChoice, MemberFields, requestOf } from "./member-fields";

type Props = { locations: { id: string; name: string }[]; onClose: () => void };

/** An e-mail, a role and (for a location manager) locations: the invitation is e-mailed with a 7-day link. */
export function InviteDialog({ locations, onClose }: Props) {
  const [email, setEmail] = useState("");
  const [choice, setChoice] = useState<MemberChoice>({
    role: "location_manager",
    location_ids: locations.length === 1 && locations[0] ? [locations[0].id] : [],
    may_approve_pay: false,
  });
  const invite = useInvite();

  function submit() {
    const address = email.trim();
    if (!address.includes("@")) return void toast.error("Please enter their email address.");
    const problem = choiceProblem(choice);
    if (problem) return void toast.error(problem);
    invite.mutate(
      { email: address, ...requestOf(choice) },
      {
        onSuccess: () => {
          toast.success(`Invitation sent to ${address}`);
          onClose();
        },
      },
    );
  }

  return (
    <Modal
      title="Invite a team member"
      submitLabel="Send invitation"
      busyLabel="Sending..."
      busy={invite.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field
        label="Email address"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <MemberFields value={choice} onChange={setChoice} locations={locations} />
      <p className="muted small">
        They get an email with a link to choose their name and password, valid 7 days.
      </p>
    </Modal>
  );
}
