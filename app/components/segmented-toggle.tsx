import "./segmented-toggle.css";

type Option<T extends string> = { readonly id: T; readonly label: string };

type Props<T extends string> = {
  /** What the choice is, for screen readers (the group's hidden legend). */
  legend: string;
  options: readonly Option<T>[];
  value: T;
  onChange: (id: T) => void;
  /** The smaller one, inside a card's toolbar (the Timesheets card's Weeks | Pay periods). */
  small?: boolean;
};

/**
 * Two or more views of one thing side by side (Staff hours | Timesheets): buttons in one outlined group, the
 * pressed one filled and marked pressed for screen readers.
 */
export function SegmentedToggle<T extends string>({ legend, options, value, onChange, small }: Props<T>) {
  return (
    <fieldset className={small ? "segmented-toggle segmented-toggle--small" : "segmented-toggle"}>
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          className="segmented-toggle__option"
          aria-pressed={value === option.id}
          onClick={() => onChange(option.id)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
