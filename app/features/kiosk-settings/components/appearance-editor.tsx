import {
  BACKGROUND_THEMES,
  type BackgroundTheme,
  BUTTON_SHAPES,
  type ButtonShape,
  type KioskAppearance,
} from "@contracts/appearance";
import { useId } from "react";
import { KioskPreview } from "./kiosk-preview";
import "../kiosk-settings.css";

export const SHAPE_LABELS: Record<ButtonShape, string> = {
  rectangle: "Rectangle",
  square: "Square",
  "thin-rectangle": "Thin rectangle",
  circle: "Circle",
};
export const THEME_LABELS: Record<BackgroundTheme, string> = { white: "White", grey: "Grey", black: "Black" };

type Props = {
  value: KioskAppearance;
  onChange: (value: KioskAppearance) => void;
  /** Absent: the read-only demo. The choosers and the preview work; nothing is saved. */
  onSave?: () => void;
  saving?: boolean;
  /** Whether `value` differs from what is saved (the Save button is only useful then). */
  dirty?: boolean;
  locationName: string;
  /** The location records breaks: the preview shows the break buttons too. */
  recordBreaks?: boolean;
};

/** Button shape and background theme choosers with a live preview of the kiosk. */
export function AppearanceEditor({
  value,
  onChange,
  onSave,
  saving,
  dirty,
  locationName,
  recordBreaks,
}: Props) {
  return (
    <div className="appearance-editor">
      <div className="appearance-editor__choosers">
        <Chooser
          legend="Button shape"
          name="button_shape"
          options={BUTTON_SHAPES}
          labels={SHAPE_LABELS}
          selected={value.button_shape}
          onSelect={(button_shape) => onChange({ ...value, button_shape })}
        />
        <Chooser
          legend="Background theme"
          name="background_theme"
          options={BACKGROUND_THEMES}
          labels={THEME_LABELS}
          selected={value.background_theme}
          onSelect={(background_theme) => onChange({ ...value, background_theme })}
        />
        {onSave ? (
          <button type="button" className="button" onClick={onSave} disabled={saving || !dirty}>
            {saving ? "Saving..." : "Save appearance"}
          </button>
        ) : (
          <p className="muted">Demo: try the choices; nothing is saved.</p>
        )}
      </div>
      <KioskPreview appearance={value} locationName={locationName} recordBreaks={recordBreaks} />
    </div>
  );
}

type ChooserProps<T extends string> = {
  legend: string;
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  selected: T;
  onSelect: (value: T) => void;
};

function Chooser<T extends string>({ legend, name, options, labels, selected, onSelect }: ChooserProps<T>) {
  const id = useId();
  return (
    <fieldset className="appearance-chooser">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="appearance-chooser__option" htmlFor={`${id}-${option}`}>
          <input
            id={`${id}-${option}`}
            type="radio"
            name={`${id}-${name}`}
            value={option}
            checked={selected === option}
            onChange={() => onSelect(option)}
          />
          {labels[option]}
        </label>
      ))}
    </fieldset>
  );
}
