// The Terms & Conditions and the Privacy Policy, and the modal that shows them.
export { LegalModal } from "./components/legal-modal";
export { type LegalDocument, PRIVACY, TERMS } from "./legal-texts";
