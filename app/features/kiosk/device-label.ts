/** How a paired browser is named in the dashboard's devices list: "Safari on a tablet, paired 01/12/2026". */
export function deviceLabel(agent = navigator.userAgent, today = new Date()) {
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Chrome\//.test(agent)
      ? "Chrome"
      : /Firefox\//.test(agent)
        ? "Firefox"
        : /Safari\//.test(agent)
          ? "Safari"
          : "Browser";
  const device = /iPad|Tablet|Android(?!.*Mobile)/.test(agent)
    ? "tablet"
    : /Mobile/.test(agent)
      ? "phone"
      : "computer";
  return `${browser} on a ${device}, paired ${today.toLocaleDateString("en-GB")}`;
}
