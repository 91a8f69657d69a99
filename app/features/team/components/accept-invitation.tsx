import { ROLE_LABELS } from "@contracts/team";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState, useSyncExternalStore } from "react";
import { Link, useNavigate } from "react-router";
import { Field } from "../../../components/field";
import { managerSession, memberOf } from "../../../lib/session";
import { toast } from "../../../lib/toast";
import { NewPasswordFields } from "../../auth";
import { acceptInvitation, invitationQuery } from "../api";
import { shortDate } from "../format";
import { tokenFromHash } from "../link";

function onHashChange(listener: () => void) {
  window.addEventListener("hashchange", listener);
  return () => window.removeEventListener("hashchange", listener);
}

/**
 * The page an invitation's e-mail links to: who invited them to which business and as what, then their name
 * and a password. Accepting signs them in and opens the dashboard.
 */
export function AcceptInvitation() {
  // A second link opened in the same tab changes only the fragment: the page follows it.
  const token = tokenFromHash(useSyncExternalStore(onHashChange, () => window.location.hash));
  const invitation = useQuery({ ...invitationQuery(token ?? ""), enabled: token !== null });
  if (token === null || invitation.isError) return <InvalidLink />;
  if (!invitation.data) return <p className="muted centre">Checking your invitation…</p>;
  const view = invitation.data;
  return (
    <div className="auth-card">
      <h1>Join {view.account_name}'s team on Clocked</h1>
      <p className="muted">
        {view.invited_by} invited {view.email} as {ROLE_LABELS[view.role]}
        {view.location_names.length > 0 ? ` for ${view.location_names.join(", ")}` : ""}
        {view.may_approve_pay ? ", with pay approval" : ""}. The invitation is valid until{" "}
        {shortDate(view.expires_at)}.
      </p>
      <AcceptForm key={token} token={token} />
    </div>
  );
}

function AcceptForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token, { name: name.trim(), password, confirm_password: confirm }),
    meta: { errorToast: "The invitation could not be accepted" },
    onSuccess: (answer) => {
      // Signed in as sign-in does; the link is spent, so it leaves the address bar and the history.
      managerSession.signIn(answer.session_id, answer.user, memberOf(answer));
      toast.success(answer.message ?? "Welcome to the team");
      navigate("/manager-dashboard", { replace: true });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return void toast.error("Please enter your full name.");
    if (password !== confirm) return void toast.error("Passwords do not match");
    accept.mutate();
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Accept the invitation">
      <Field
        label="Full Name"
        autoComplete="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <NewPasswordFields
        labels={{ password: "Password", confirm: "Confirm Password" }}
        password={password}
        confirm={confirm}
        onPassword={(event) => setPassword(event.target.value)}
        onConfirm={(event) => setConfirm(event.target.value)}
      />
      <button type="submit" className="button button--block" disabled={accept.isPending}>
        {accept.isPending ? "Joining..." : "Join the team"}
      </button>
    </form>
  );
}

function InvalidLink() {
  return (
    <div className="auth-card" role="alert">
      <h1>This invitation link does not work</h1>
      <p className="muted">
        It may have expired (links last 7 days), been used already or been revoked. Ask whoever invited you to
        send a new one.
      </p>
      <Link to="/" className="button button--block">
        Go to the home page
      </Link>
    </div>
  );
}
