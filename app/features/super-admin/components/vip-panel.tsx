import type { AdminUser } from "@contracts/super-admin";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Field } from "../../../components/field";
import { toast } from "../../../lib/toast";
import { setVip, usersQuery } from "../api";

const PLAN_NAMES = { starter: "Starter", pro: "Pro", business: "Business" } as const;

/** The account's team besides its owner. */
const teamSize = (members: number) =>
  members === 0 ? "No team members" : members === 1 ? "1 team member" : `${members} team members`;

/** Find an account and switch its VIP standing (audited on the server). */
export function VipPanel() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  // The search last submitted: null before the first.
  const [searched, setSearched] = useState<string | null>(null);
  const found = useQuery({ ...usersQuery(searched ?? ""), enabled: searched !== null });
  const users = found.data?.users ?? null;
  const toggle = useMutation({
    mutationFn: (user: AdminUser) => setVip(user.id, !user.is_vip),
    meta: { errorToast: "Could not change VIP" },
    onSuccess: ({ user: updated }) => {
      queryClient.setQueryData(
        usersQuery(searched ?? "").queryKey,
        (current) => current && { users: current.users.map((u) => (u.id === updated.id ? updated : u)) },
      );
      toast.success(updated.is_vip ? `${updated.name} is now VIP` : `${updated.name} is no longer VIP`);
    },
  });
  const busyId = toggle.isPending ? toggle.variables.id : null;

  function find(event: FormEvent) {
    event.preventDefault();
    // The same search again asks again.
    if (search.trim() === searched) void found.refetch();
    else setSearched(search.trim());
  }

  return (
    <section className="card" aria-labelledby="vip-title">
      <h2 id="vip-title">VIP accounts</h2>
      <form className="admin-search" onSubmit={find}>
        <Field
          label="Find an account"
          placeholder="Name or email"
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.target.value)}
        />
        <button type="submit" className="button button--small">
          Search
        </button>
      </form>
      {users &&
        (users.length === 0 ? (
          <p className="muted">No accounts found.</p>
        ) : (
          <ul className="admin-list">
            {users.map((user) => (
              <li key={user.id}>
                <span>
                  <strong>{user.name}</strong> <span className="muted">{user.email}</span>{" "}
                  <span className="plan-badge">{PLAN_NAMES[user.plan]}</span>{" "}
                  <span className="muted">{teamSize(user.member_count)}</span>
                  {user.is_vip && <span className="plan-badge admin-vip">VIP</span>}
                </span>
                <button
                  type="button"
                  className={`button button--small ${user.is_vip ? "button--danger" : "button--ghost"}`}
                  aria-pressed={user.is_vip}
                  disabled={busyId === user.id}
                  onClick={() => toggle.mutate(user)}
                >
                  {user.is_vip ? "Remove VIP" : "Make VIP"}
                </button>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
