type Props = {
  onDigit: (digit: string) => void;
  onDelete: () => void;
  /** The submit key's text: the action ("Check In"), or "Processing..." while busy. */
  submitLabel: string;
  canSubmit: boolean;
  className?: string;
};

const DIGITS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;

/** A key press leaves the focus in the PIN field, so Enter on a keyboard still submits. */
const keepFocus = (event: { preventDefault(): void }) => event.preventDefault();

/**
 * The PIN step's number pad: a tablet never needs its own keyboard (which would cover half the screen). Its
 * submit key submits the form it sits in, as Enter does from a keyboard.
 */
export function PinPad({ onDigit, onDelete, submitLabel, canSubmit, className = "" }: Props) {
  return (
    <fieldset className={`kiosk-pinpad ${className}`}>
      <legend className="visually-hidden">Number pad</legend>
      {DIGITS.map((digit) => (
        <button
          key={digit}
          type="button"
          className="kiosk-button kiosk-pinpad__key"
          onMouseDown={keepFocus}
          onClick={() => onDigit(digit)}
        >
          {digit}
        </button>
      ))}
      <button
        type="button"
        className="kiosk-button kiosk-pinpad__key"
        aria-label="Delete"
        onMouseDown={keepFocus}
        onClick={onDelete}
      >
        ⌫
      </button>
      <button
        type="button"
        className="kiosk-button kiosk-pinpad__key"
        onMouseDown={keepFocus}
        onClick={() => onDigit("0")}
      >
        0
      </button>
      <button
        type="submit"
        className="kiosk-button kiosk-button--primary kiosk-pinpad__submit"
        disabled={!canSubmit}
      >
        {submitLabel}
      </button>
    </fieldset>
  );
}
