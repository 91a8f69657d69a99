import { describe, expect, it } from "vitest";
import { deviceLabel } from "../../worker/domain/device-label";

// A paired browser's name in the devices list, when the pairing gives none: from its User-Agent.

const PAIRED = Date.UTC(2026, 5, 30, 23, 30); // 00:30 on 01/07/2026 in London (BST)

describe("a paired device's name", () => {
  it.each([
    [
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on a tablet",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
      "Chrome on a tablet",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
      "Chrome on a phone",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0",
      "Edge on a computer",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on a computer"],
  ])("names %s as '%s', with the day it was paired in London", (agent, named) => {
    expect(deviceLabel(agent, PAIRED)).toBe(`${named}, paired 01/07/2026`);
  });

  it("gives no name to an agent that is no browser it knows, such as a script", () => {
    expect(deviceLabel("", PAIRED)).toBeNull();
    expect(deviceLabel("curl/8.5.0", PAIRED)).toBeNull();
  });
});
