import { unmetPasswordRules } from "@contracts/auth-rules";
import { Field } from "../../../components/field";

/** The live 'Password must include:' list of rules the password does not meet yet. */
export function PasswordRules({ password }: { password: string }) {
  const unmet = unmetPasswordRules(password);
  if (!password || unmet.length === 0) return null;
  return (
    <div className="password-rules" aria-live="polite">
      <p>Password must include:</p>
      <ul>
        {unmet.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </div>
  );
}

type NewPasswordFieldsProps = {
  labels: { password: string; confirm: string };
  password: string;
  confirm: string;
  onPassword: (event: { target: { value: string } }) => void;
  onConfirm: (event: { target: { value: string } }) => void;
};

/** A new password with its live rule list and the confirmation: sign-up and password reset both ask so. */
export function NewPasswordFields({
  labels,
  password,
  confirm,
  onPassword,
  onConfirm,
}: NewPasswordFieldsProps) {
  return (
    <>
      <Field
        label={labels.password}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={onPassword}
      />
      <PasswordRules password={password} />
      <Field
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={onConfirm}
      />
    </>
  );
}
