import { XERO_PAY_ELEMENTS, type XeroEarningsRatesRequest } from "@contracts/xero";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSaveRates, xeroRatesQuery } from "./api";

const ELEMENT_NAMES = { basic: "Basic hours", overtime: "Overtime", premium: "Premium days" } as const;

/** Each pay element Clocked works out, paid in Xero through one of its earnings rates. */
export function EarningsRates() {
  const rates = useQuery(xeroRatesQuery);
  const save = useSaveRates();
  const [edited, setEdited] = useState<Partial<XeroEarningsRatesRequest>>({});
  if (!rates.data) return <p>Reading Xero's earnings rates…</p>;
  const mapping = { ...rates.data.mapping, ...edited };

  return (
    <div className="xero__block">
      <h4>Earnings rates</h4>
      {XERO_PAY_ELEMENTS.map((element) => (
        <label key={element} className="xero__rate">
          {ELEMENT_NAMES[element]}{" "}
          <select
            value={mapping[element] ?? ""}
            onChange={(e) => setEdited({ ...edited, [element]: e.target.value || null })}
          >
            <option value="">Not sent</option>
            {rates.data.earnings_rates.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
      ))}
      <button
        type="button"
        className="button button--primary button--small"
        disabled={Object.keys(edited).length === 0 || save.isPending}
        onClick={() => save.mutate(mapping, { onSuccess: () => setEdited({}) })}
      >
        Save earnings rates
      </button>
    </div>
  );
}
