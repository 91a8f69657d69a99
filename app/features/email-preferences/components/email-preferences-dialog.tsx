import type { EmailPreferences } from "@contracts/email-preferences";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Modal } from "../../../components/modal";
import { toast } from "../../../lib/toast";
import { emailPreferencesQuery, useSaveEmailPreferences } from "../api";

const CHOICES: readonly { key: keyof EmailPreferences; label: string; hint: string }[] = [
  {
    key: "weekly_report",
    label: "Monday hours report",
    hint: "Last week's hours for each location you run, with a link to approve pay if you may.",
  },
  {
    key: "review",
    label: "Forgotten clock-outs to review",
    hint: "Once a day, when Clocked closed a session someone forgot to clock out of.",
  },
];

/** The signed-in person's own e-mails: each on or off. Wrong-PIN alerts always go out. */
export function EmailPreferencesDialog({ onClose }: { onClose: () => void }) {
  const saved = useQuery(emailPreferencesQuery()).data;
  const [choices, setChoices] = useState<EmailPreferences | null>(null);
  const save = useSaveEmailPreferences();
  const shown = choices ?? saved;
  return (
    <Modal
      title="Your e-mails"
      submitLabel="Save"
      busy={save.isPending || !shown}
      onClose={onClose}
      onSubmit={() => {
        if (!shown) return;
        save.mutate(shown, {
          onSuccess: () => {
            toast.success("E-mail choices saved");
            onClose();
          },
        });
      }}
    >
      {shown ? (
        CHOICES.map((choice) => (
          <div key={choice.key}>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={shown[choice.key]}
                aria-describedby={`email-${choice.key}-hint`}
                onChange={(e) => setChoices({ ...shown, [choice.key]: e.target.checked })}
              />
              {choice.label}
            </label>
            <p id={`email-${choice.key}-hint`} className="field__hint">
              {choice.hint}
            </p>
          </div>
        ))
      ) : (
        <p className="muted">Loading…</p>
      )}
      <p className="field__hint">Alerts about repeated wrong PINs at a kiosk are always sent.</p>
    </Modal>
  );
}
