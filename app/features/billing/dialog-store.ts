import { useSyncExternalStore } from "react";

// Whether the Manage Subscription dialog is open. Anything (the plan badge, an upgrade hint in any tab)
// can open it; the dashboard shell renders it.
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  open = next;
  for (const listener of listeners) listener();
}

export const subscriptionDialog = {
  open: () => set(true),
  close: () => set(false),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const openSubscriptionDialog = subscriptionDialog.open;

export const useSubscriptionDialogOpen = () => useSyncExternalStore(subscriptionDialog.subscribe, () => open);
