import { LegalModal, PRIVACY, TERMS } from "../../legal";

// The sign-up form's Terms & Conditions or Privacy Policy, with its "I Agree" button: its own chunk, with the
// documents' text, loaded when the form first opens one (./signup-form.tsx).

type Props = {
  consent: "terms" | "privacy";
  agreeLabel: string;
  onAgree: () => void;
  onClose: () => void;
};

export function ConsentModal({ consent, ...actions }: Props) {
  return <LegalModal document={consent === "terms" ? TERMS : PRIVACY} {...actions} />;
}
