import { DEFAULT_TIMEZONE } from "./local-time";
import { formatDateAt } from "./time-zone";

/**
 * How a paired browser is named in the dashboard's devices list when the pairing names none, from the
 * browser's User-Agent: "Safari on a tablet, paired 01/12/2026" (the date in London); null when the agent is
 * no browser it knows (the device is then plain "Kiosk").
 */
export function deviceLabel(agent: string, pairedAt: number): string | null {
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Chrome\//.test(agent)
      ? "Chrome"
      : /Firefox\//.test(agent)
        ? "Firefox"
        : /Safari\//.test(agent)
          ? "Safari"
          : null;
  if (!browser) return null;
  const device = /iPad|Tablet|Android(?!.*Mobile)/.test(agent)
    ? "tablet"
    : /Mobile/.test(agent)
      ? "phone"
      : "computer";
  return `${browser} on a ${device}, paired ${formatDateAt(pairedAt, DEFAULT_TIMEZONE)}`;
}
