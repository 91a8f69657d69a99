import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import type { AdminUser } from "../../../../worker/contracts/super-admin";
import { Field } from "../../../components/field";
import { detailOr } from "../../../lib/api";
import { superAdminApi } from "../api";

const PLAN_NAMES = { starter: "Starter", pro: "Pro", business: "Business" } as const;

/** Find an account and switch its VIP standing (audited on the server). */
export function VipPanel() {
  const [search, setSearch] = useState("");
  const [users, setUsers] = useState<AdminUser[] | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function find(event: FormEvent) {
    event.preventDefault();
    try {
      setUsers((await superAdminApi.users(search.trim())).users);
    } catch (error) {
      toast.error(detailOr(error, "Could not search accounts"));
    }
  }

  async function toggle(user: AdminUser) {
    setBusyId(user.id);
    try {
      const { user: updated } = await superAdminApi.setVip(user.id, !user.is_vip);
      setUsers((list) => list?.map((u) => (u.id === updated.id ? updated : u)) ?? null);
      toast.success(updated.is_vip ? `${updated.name} is now VIP` : `${updated.name} is no longer VIP`);
    } catch (error) {
      toast.error(detailOr(error, "Could not change VIP"));
    } finally {
      setBusyId(null);
    }
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
                  <span className="plan-badge">{PLAN_NAMES[user.plan]}</span>
                  {user.is_vip && <span className="plan-badge admin-vip">VIP</span>}
                </span>
                <button
                  type="button"
                  className={`button button--small ${user.is_vip ? "button--danger" : "button--ghost"}`}
                  aria-pressed={user.is_vip}
                  disabled={busyId === user.id}
                  onClick={() => toggle(user)}
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
