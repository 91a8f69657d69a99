import { unmetPasswordRules } from "../../../../worker/contracts/auth";

/** The live 'Password must include:' list of rules the password does not meet yet (spec §5). */
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
