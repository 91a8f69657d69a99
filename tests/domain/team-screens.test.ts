import { describe, expect, it } from "vitest";
import { allowanceText, namesOf, shortDate, shortDateTime } from "../../app/features/team/format";
import { tokenFromHash } from "../../app/features/team/link";

// What the team's screens say and hide (docs/team.md, "Screens"), without a browser.

describe("the Team screen's words", () => {
  it("says how much of the plan's allowance is used", () => {
    expect(allowanceText(3, 5, "Pro")).toBe("3 of 5 team members on Pro");
    expect(allowanceText(1, 1, "Starter")).toBe("1 of 1 team member on Starter");
    expect(allowanceText(12, null, "Business")).toBe("12 team members on Business (no limit)");
  });

  it("shows a sign-in in UK time, dd/mm/yyyy HH:mm, summer or winter", () => {
    expect(shortDateTime("2026-07-01T08:05:00Z")).toBe("01/07/2026 09:05");
    expect(shortDateTime("2026-12-24T23:30:00Z")).toBe("24/12/2026 23:30");
    expect(shortDate("2026-03-29T23:30:00Z")).toBe("30/03/2026");
  });

  it("names a location manager's locations, and every location for the other roles", () => {
    const locations = [
      { id: "a", name: "Deptford Bakery" },
      { id: "b", name: "Greenwich Market" },
    ];
    expect(namesOf(["b", "a"], locations)).toBe("Deptford Bakery, Greenwich Market");
    expect(namesOf(null, locations)).toBe("All locations");
    expect(namesOf(["gone"], locations)).toBe("No locations");
  });
});

describe("the invitation link", () => {
  it("takes the 43-character token from the fragment and nothing else", () => {
    const token = "abcDEF0123456789_-abcDEF0123456789_-abcDEF0";
    expect(tokenFromHash(`#${token}`)).toBe(token);
    expect(tokenFromHash(`#${token}x`)).toBeNull();
    expect(tokenFromHash("#short")).toBeNull();
    expect(tokenFromHash("")).toBeNull();
    expect(tokenFromHash(`#${token.slice(0, 42)}/`)).toBeNull();
  });
});
