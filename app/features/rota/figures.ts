import type { RotaFigures } from "@contracts/rota";
import { formatPounds } from "@domain/money";
import { hoursAndMinutes } from "../timesheets";

// The header figures: planned hours and cost, and the actual ones once a day is over. A cost is blank where
// nobody planned has an hourly rate.

const cost = (pence: number | null) => (pence === null ? "" : formatPounds(pence));

export const plannedText = (figures: RotaFigures) =>
  [hoursAndMinutes(figures.planned_minutes), cost(figures.planned_cost_pence)].filter(Boolean).join(" · ");

export const actualText = (figures: RotaFigures) =>
  figures.actual_minutes === null
    ? null
    : [hoursAndMinutes(figures.actual_minutes), cost(figures.actual_cost_pence)].filter(Boolean).join(" · ");
