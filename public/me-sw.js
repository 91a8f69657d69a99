// The staff app's service worker (docs/staff-app.md, "Notifications"), scope /me. It does two things only:
// shows a pushed notice, and opens the notice's page in the app when it is tapped. No caching, no fetch handler.

self.addEventListener("push", (event) => {
  let notice = { title: "Clocked", body: "", path: "/me", kind: "notice" };
  try {
    notice = { ...notice, ...event.data.json() };
  } catch {
    // A message that is not ours to read still tells the staff member something arrived.
  }
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.kind,
      icon: "/icons/icon-192.png",
      data: { path: typeof notice.path === "string" && notice.path.startsWith("/me") ? notice.path : "/me" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = event.notification.data?.path ?? "/me";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).pathname.startsWith("/me"));
      if (open) return open.navigate(path).then((w) => (w ?? open).focus());
      return self.clients.openWindow(path);
    }),
  );
});
