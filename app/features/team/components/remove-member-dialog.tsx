import type { TeamMember } from "@contracts/team";
import { Modal } from "../../../components/modal";
import { toast } from "../../../lib/toast";
import { useRemoveMember } from "../api";

type Props = { member: TeamMember; onClose: () => void };

/** Removing asks first: the member is signed out everywhere at once; what they recorded stays. */
export function RemoveMemberDialog({ member, onClose }: Props) {
  const remove = useRemoveMember();
  return (
    <Modal
      title={`Remove ${member.name}?`}
      submitLabel="Remove"
      busyLabel="Removing..."
      busy={remove.isPending}
      onSubmit={() =>
        remove.mutate(member.id, {
          onSuccess: ({ message }) => {
            toast.success(message);
            onClose();
          },
        })
      }
      onClose={onClose}
    >
      <p>
        {member.name} is signed out everywhere straight away and can no longer sign in. Everything they did
        stays in the records with their name.
      </p>
    </Modal>
  );
}
