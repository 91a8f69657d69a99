const whole = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  maximumFractionDigits: 0,
});
const exact = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** Pence as pounds the British way: £149, or £4.50 when there are pence. */
export const formatPounds = (pence: number): string =>
  pence % 100 === 0 ? whole.format(pence / 100) : exact.format(pence / 100);
