import type { ReactNode } from "react";
import { Modal } from "../../../components/modal";

type Props = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** "Are you sure?" for the toolbar's week-wide actions (copy last week, clear week, publish anyway). */
export function ConfirmDialog({ title, children, confirmLabel, busy, onConfirm, onClose }: Props) {
  return (
    <Modal
      title={title}
      submitLabel={confirmLabel}
      busyLabel="Working..."
      busy={busy}
      onSubmit={onConfirm}
      onClose={onClose}
    >
      <div className="rota-confirm">{children}</div>
    </Modal>
  );
}
