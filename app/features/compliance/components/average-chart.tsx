import type { AverageWeek } from "@contracts/compliance";
import { formatDate } from "@domain/time-zone";
import { hoursAndMinutes, rangeText } from "../format";

/** The reference period's length: a new starter's weeks so far are drawn at its right-hand end. */
const SLOTS = 17;
const BAR = 10;
const GAP = 4;
const HEIGHT = 56;
const TOP = 6;

/** "1 day", "3 weeks and 5 days": a new starter's time so far. */
function daysText(days: number): string {
  const weeks = Math.floor(days / 7);
  const rest = days % 7;
  const parts = [
    weeks > 0 ? `${weeks} ${weeks === 1 ? "week" : "weeks"}` : "",
    rest > 0 || weeks === 0 ? `${rest} ${rest === 1 ? "day" : "days"}` : "",
  ].filter(Boolean);
  return parts.join(" and ");
}

/**
 * The weeks the average was taken over: the 17 weeks, or a new starter's time since they started (WTR reg
 * 4(4)), up to today, where fewer than 7 days count as one week (docs/compliance.md).
 */
export function averagedOver(average: AverageWeek): string {
  const range = rangeText(average.reference_start, average.reference_end);
  if (!average.since_start) return `Over 17 weeks, ${range}.`;
  const days = average.reference_days;
  if (days === 0) return `Not started by then: they started on ${formatDate(average.reference_start)}.`;
  const so =
    days === 1
      ? `Over their first day, ${formatDate(average.reference_start)}`
      : `Over the ${daysText(days)} since they started, ${range}`;
  if (days < 7) return `${so}: fewer than 7 days count as one week, so this is their hours so far.`;
  const divisor = average.divided_by_weeks.toLocaleString("en-GB", { maximumFractionDigits: 2 });
  return `${so}: their hours divided by ${divisor} weeks.`;
}

/**
 * The 17-week average as a small bar chart: one bar per week, a line at the limit (48 hours), and the
 * average written out beside it. The chart is one image with a summary for screen readers; the figures
 * that matter are text as well.
 */
export function AverageChart({ average, name }: { average: AverageWeek; name: string }) {
  const { weeks, limit_minutes: limit } = average;
  const highest = weeks.reduce((top, week) => (week.worked_minutes > top.worked_minutes ? week : top), {
    week_start: average.reference_start,
    worked_minutes: 0,
  });
  const scale = Math.max(limit * 1.25, highest.worked_minutes, 1);
  const y = (minutes: number) => TOP + HEIGHT - (Math.min(minutes, scale) / scale) * HEIGHT;
  const slots = Math.max(SLOTS, weeks.length);
  const empty = slots - weeks.length;
  const width = slots * (BAR + GAP) - GAP;
  const weekCount = `${weeks.length} ${weeks.length === 1 ? "week" : "weeks"}`;
  const over = weeks.filter((week) => week.worked_minutes > limit).length;
  const limitHours = limit % 60 === 0 ? `${limit / 60} hours` : hoursAndMinutes(limit);
  const label =
    `${name}'s weekly hours, ${weekCount} from ${rangeText(average.reference_start, average.reference_end)}: ` +
    `average ${hoursAndMinutes(average.average_minutes)} a week against a limit of ${limitHours}. ` +
    `${averagedOver(average)} ` +
    `Highest week ${hoursAndMinutes(highest.worked_minutes)} (week of ${formatDate(highest.week_start)}); ` +
    `${over === 0 ? "no week" : `${over} ${over === 1 ? "week" : "weeks"}`} over ${limitHours}.`;
  const overAverage = average.average_minutes > limit;

  return (
    <div className="average-week">
      <svg
        className="average-week__chart"
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} ${TOP + HEIGHT + 1}`}
        width={width * 1.2}
        height={(TOP + HEIGHT + 1) * 1.2}
      >
        {Array.from({ length: empty }, (_, index) => (
          // Weeks before they started: an empty slot.
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: the slots are positions, in a fixed order
            key={`empty-${index}`}
            className="average-week__slot"
            x={index * (BAR + GAP)}
            y={TOP + HEIGHT - 2}
            width={BAR}
            height={2}
          />
        ))}
        {weeks.map((week, index) => (
          <rect
            key={week.week_start}
            className={
              week.worked_minutes > limit ? "average-week__bar average-week__bar--over" : "average-week__bar"
            }
            x={(empty + index) * (BAR + GAP)}
            y={y(week.worked_minutes)}
            width={BAR}
            height={TOP + HEIGHT - y(week.worked_minutes)}
          />
        ))}
        <line className="average-week__limit" x1={0} x2={width} y1={y(limit)} y2={y(limit)} />
        <line className="average-week__base" x1={0} x2={width} y1={TOP + HEIGHT} y2={TOP + HEIGHT} />
      </svg>
      <div className="average-week__text">
        <p className="average-week__figure">
          <strong>{hoursAndMinutes(average.average_minutes)}</strong> a week on average
          <span className="muted"> (limit {limitHours})</span>
          {overAverage && !average.opted_out && <span className="visually-hidden">, over the limit</span>}
        </p>
        <p className="muted small">
          {averagedOver(average)} The line marks {limitHours}.
        </p>
        {(average.opted_out || average.provisional) && (
          <ul className="average-week__notes">
            {average.opted_out && (
              <li>
                <span className="tag">Opted out</span> Signed a written opt-out: the 48-hour average does not
                apply.
              </li>
            )}
            {average.provisional && (
              <li>
                <span className="tag">Provisional</span> Leave in the period is made up from weeks not yet
                worked, so the average can still change.
              </li>
            )}
          </ul>
        )}
      </div>
    </div>
  );
}
