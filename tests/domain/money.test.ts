import { describe, expect, it } from "vitest";
import { formatPounds } from "../../worker/domain/money";

const intl = (pence: number) =>
  new Intl.NumberFormat("en-GB", {
    style: "currency",
    currency: "GBP",
    ...(pence % 100 === 0 ? { maximumFractionDigits: 0 } : {}),
  }).format(pence / 100);

describe("money as the UI shows it", () => {
  it("shows whole pounds without pence and pence with two digits", () => {
    expect(formatPounds(14_900)).toBe("£149");
    expect(formatPounds(450)).toBe("£4.50");
    expect(formatPounds(5)).toBe("£0.05");
    expect(formatPounds(0)).toBe("£0");
  });

  it("groups thousands with commas and puts a minus before the pound sign", () => {
    expect(formatPounds(125_000)).toBe("£1,250");
    expect(formatPounds(123_456_789)).toBe("£1,234,567.89");
    expect(formatPounds(-450)).toBe("-£4.50");
  });

  it("says what Intl's en-GB currency format says, for amounts from a penny to millions", () => {
    const amounts = [
      1, 99, 100, 101, 999, 1_000, 99_999, 100_000, 100_001, 999_999_99, -1, -100_000, 2_900, 7_900,
    ];
    for (let pence = 1; pence < 10_000_000; pence = Math.ceil(pence * 1.37) + 3) amounts.push(pence);
    for (const pence of amounts) expect(formatPounds(pence), `${pence}p`).toBe(intl(pence));
  });
});
