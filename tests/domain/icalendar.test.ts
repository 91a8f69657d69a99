import { describe, expect, it } from "vitest";
import { type CalendarShift, escapeText, foldLine, rotaCalendar } from "../../worker/domain/icalendar";
import { formatTimeAt, localDateOf } from "../../worker/domain/time-zone";

// The rota's iCalendar file (RFC 5545), read back by a small parser of its own: lines unfolded, properties with
// their parameters, text unescaped.

type Property = { name: string; params: Record<string, string>; value: string };

function parse(ics: string): { calendar: Property[]; events: Property[][]; timezones: string[] } {
  expect(ics.endsWith("\r\n")).toBe(true);
  // Every line ends in CRLF, and a bare LF appears nowhere.
  expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  const lines = ics
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .slice(0, -1);
  const calendar: Property[] = [];
  const events: Property[][] = [];
  const timezones: string[] = [];
  let event: Property[] | null = null;
  let depth = 0;
  for (const line of lines) {
    const colon = line.indexOf(":");
    const [name = "", ...params] = line.slice(0, colon).split(";");
    const property: Property = {
      name,
      params: Object.fromEntries(params.map((p) => p.split("=") as [string, string])),
      value: line.slice(colon + 1),
    };
    if (name === "BEGIN") {
      depth++;
      if (property.value === "VEVENT") event = [];
      if (property.value === "VTIMEZONE") timezones.push("");
    } else if (name === "END") {
      depth--;
      if (property.value === "VEVENT" && event) events.push(event);
      if (property.value === "VEVENT") event = null;
    } else if (event) {
      event.push(property);
    } else if (name === "TZID") {
      timezones[timezones.length - 1] = property.value;
    } else if (depth === 1) {
      calendar.push(property);
    }
  }
  expect(depth).toBe(0);
  return { calendar, events, timezones };
}

const unescapeText = (text: string) =>
  text.replace(/\\(n|N|\\|;|,)/g, (_, c: string) => (c.toLowerCase() === "n" ? "\n" : c));
const prop = (event: Property[], name: string) => event.find((p) => p.name === name) as Property;
/** "20261024T090000" as "2026-10-24 09:00". */
const wall = (value: string) =>
  `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)} ${value.slice(9, 11)}:${value.slice(11, 13)}`;
const localWall = (instant: number) =>
  `${localDateOf(instant, "Europe/London")} ${formatTimeAt(instant, "Europe/London")}`;

const shift = (
  id: string,
  start: string,
  end: string,
  extra: Partial<CalendarShift> = {},
): CalendarShift => ({
  id,
  start: Date.parse(start),
  end: Date.parse(end),
  breakMinutes: 30,
  role: "Barista",
  notes: null,
  cancelled: false,
  ...extra,
});

// The clocks go back at 02:00 BST on Sunday 25/10/2026.
const SHIFTS = [
  shift("sat", "2026-10-24T08:00:00Z", "2026-10-24T16:00:00Z"), // 09:00–17:00 BST
  shift("sun-night", "2026-10-24T23:00:00Z", "2026-10-25T03:00:00Z", { breakMinutes: 0, role: null }), // 00:00 BST–03:00 GMT
  shift("mon", "2026-10-26T09:00:00Z", "2026-10-26T17:00:00Z", {
    notes: "Stocktake; bring keys, please\nand the float",
  }),
];

describe("the rota's iCalendar file", () => {
  const ics = rotaCalendar({
    locationName: "Harbour Café, Whitby",
    timeZone: "Europe/London",
    shifts: [...SHIFTS, shift("gone", "2026-10-27T09:00:00Z", "2026-10-27T13:00:00Z", { cancelled: true })],
    stamp: Date.parse("2026-10-20T12:34:56Z"),
  });
  const { calendar, events, timezones } = parse(ics);

  it("is a published VERSION:2.0 calendar with a product id and London's time zone", () => {
    expect(Object.fromEntries(calendar.map((p) => [p.name, p.value]))).toMatchObject({
      PRODID: "-//Clocked//Rota//EN",
      VERSION: "2.0",
      METHOD: "PUBLISH",
    });
    expect(timezones).toEqual(["Europe/London"]);
    expect(ics).toContain("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU");
    expect(ics).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU");
  });

  it("has every shift at its local start and end, across the October clock change", () => {
    const confirmed = events.filter((e) => prop(e, "STATUS").value === "CONFIRMED");
    expect(confirmed).toHaveLength(SHIFTS.length);
    for (const [i, s] of SHIFTS.entries()) {
      const event = confirmed[i] as Property[];
      expect(prop(event, "UID").value).toBe(`${s.id}@clocked.app`);
      for (const [name, instant] of [
        ["DTSTART", s.start],
        ["DTEND", s.end],
      ] as const) {
        expect(prop(event, name).params).toEqual({ TZID: "Europe/London" });
        expect(wall(prop(event, name).value)).toBe(localWall(instant));
      }
    }
    // The night shift: midnight BST to 03:00 GMT, four real hours.
    expect(prop(confirmed[1] as Property[], "DTSTART").value).toBe("20261025T000000");
    expect(prop(confirmed[1] as Property[], "DTEND").value).toBe("20261025T030000");
    expect(prop(confirmed[0] as Property[], "DTSTART").value).toBe("20261024T090000");
    expect(prop(confirmed[0] as Property[], "DTSTAMP").value).toBe("20261020T123456Z");
  });

  it("says what, where and the break, with text escaped", () => {
    const [sat, night, mon] = events as [Property[], Property[], Property[]];
    expect(unescapeText(prop(sat, "SUMMARY").value)).toBe("Shift at Harbour Café, Whitby (Barista)");
    expect(prop(sat, "SUMMARY").value).toBe("Shift at Harbour Café\\, Whitby (Barista)");
    expect(unescapeText(prop(night, "DESCRIPTION").value)).toBe("No break");
    expect(unescapeText(prop(mon, "DESCRIPTION").value)).toBe(
      "30 min unpaid break\nStocktake; bring keys, please\nand the float",
    );
    expect(unescapeText(prop(mon, "LOCATION").value)).toBe("Harbour Café, Whitby");
  });

  it("sends a cancelled shift as cancelled, as a newer version of the event", () => {
    const gone = events.find((e) => prop(e, "UID").value === "gone@clocked.app") as Property[];
    expect(prop(gone, "STATUS").value).toBe("CANCELLED");
    const later = rotaCalendar({
      locationName: "Harbour Café",
      timeZone: "Europe/London",
      shifts: SHIFTS,
      stamp: Date.parse("2026-10-21T08:00:00Z"),
    });
    const sequenceOf = (file: string) => Number(/SEQUENCE:(\d+)/.exec(file)?.[1]);
    expect(sequenceOf(later)).toBeGreaterThan(sequenceOf(ics));
  });

  it("writes another zone's times in UTC, without a time zone", () => {
    const paris = parse(
      rotaCalendar({ locationName: "Paris", timeZone: "Europe/Paris", shifts: SHIFTS.slice(0, 1), stamp: 0 }),
    );
    expect(paris.timezones).toEqual([]);
    expect(prop(paris.events[0] as Property[], "DTSTART").value).toBe("20261024T080000Z");
  });
});

describe("iCalendar text", () => {
  it("escapes backslashes, semicolons, commas and line breaks", () => {
    expect(escapeText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
  });

  it("folds lines at 75 octets without splitting a character", () => {
    const line = `DESCRIPTION:${"é".repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(" "))).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(foldLine("SUMMARY:short")).toBe("SUMMARY:short");
  });
});
