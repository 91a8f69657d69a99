// Written by hand, not with Intl.NumberFormat: the first currency formatter a page builds loads ICU's
// currency data, tens of milliseconds on a phone before the landing page can answer a tap
// (docs/performance.md). tests/domain/money.test.ts holds this to Intl's en-GB output.

/** 1234567 → "1,234,567". */
const grouped = (whole: number): string => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Pence as pounds the British way: £149, or £4.50 when there are pence; £1,250 with thousands grouped. */
export function formatPounds(pence: number): string {
  const sign = pence < 0 ? "-" : "";
  const abs = Math.round(Math.abs(pence));
  const pounds = grouped(Math.floor(abs / 100));
  const rest = abs % 100;
  return rest === 0 ? `${sign}£${pounds}` : `${sign}£${pounds}.${String(rest).padStart(2, "0")}`;
}
