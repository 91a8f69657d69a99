import { describe, expect, it } from "vitest";
import { appearanceFromMessage } from "../../worker/contracts/appearance";
import { serverMessage } from "../../worker/contracts/live";

// The kiosk reads socket messages without zod (bundle size); it must accept exactly what the shared
// zod union accepts as an appearance message, and nothing else.
const cases: unknown[] = [
  { type: "appearance", data: { button_shape: "circle", background_theme: "black", logo_url: null } },
  {
    type: "appearance",
    data: { button_shape: "thin-rectangle", background_theme: "grey", logo_url: "/x?v=1" },
  },
  {
    type: "appearance",
    data: { button_shape: "square", background_theme: "white", logo_url: null, record_breaks: true },
  },
  {
    type: "appearance",
    data: { button_shape: "square", background_theme: "white", logo_url: null, record_breaks: false },
  },
  {
    type: "appearance",
    data: { button_shape: "square", background_theme: "white", logo_url: null, record_breaks: "yes" },
  },
  { type: "appearance", data: { button_shape: "oval", background_theme: "black", logo_url: null } },
  { type: "appearance", data: { button_shape: "circle", background_theme: "pink", logo_url: null } },
  { type: "appearance", data: { button_shape: "circle", background_theme: "white", logo_url: 7 } },
  { type: "appearance", data: { button_shape: "circle", background_theme: "white" } },
  { type: "appearance", data: null },
  { type: "live_status", data: { button_shape: "circle", background_theme: "white", logo_url: null } },
  { type: "pong" },
  null,
  "appearance",
];

describe("the kiosk's appearance message check", () => {
  it.each(cases.map((message) => [JSON.stringify(message), message]))(
    "agrees with the zod union on %s",
    (_, message) => {
      const zod = serverMessage.safeParse(message);
      const expected = zod.success && zod.data.type === "appearance" ? zod.data.data : null;
      expect(appearanceFromMessage(message)).toEqual(expected);
    },
  );
});
