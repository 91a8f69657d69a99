import type { KioskAppearance } from "@contracts/appearance";
import { ACTION_LABEL, appearanceClasses, kioskActions } from "../../kiosk";

type Props = {
  appearance: KioskAppearance;
  locationName: string;
  /** The location's staff clock their breaks: the break buttons show too. */
  recordBreaks?: boolean;
};

/**
 * The kiosk's first step as staff will see it, in the chosen theme and button shape: the kiosk's own CSS
 * classes on a static copy of its header and action buttons (nothing here can be pressed).
 */
export function KioskPreview({ appearance, locationName, recordBreaks = false }: Props) {
  return (
    <figure className="kiosk-preview" aria-label="Kiosk preview">
      <div className={`kiosk kiosk-preview__screen ${appearanceClasses(appearance)}`} aria-hidden="true">
        <div className="kiosk-flow">
          <div className="kiosk-flow__header">
            {appearance.logo_url && (
              <img className="kiosk-flow__logo" src={`/api${appearance.logo_url}`} alt="" />
            )}
            <p className="kiosk-preview__name">{locationName}</p>
            <p className="kiosk-flow__context">Welcome</p>
          </div>
          <div className={`kiosk-flow__actions${recordBreaks ? " kiosk-flow__actions--breaks" : ""}`}>
            {kioskActions(recordBreaks).map((action) => (
              <span key={action} className={`kiosk-button kiosk-button--primary kiosk-button--${action}`}>
                {ACTION_LABEL[action]}
              </span>
            ))}
          </div>
        </div>
      </div>
      <figcaption className="muted">
        Preview: {appearance.background_theme} background, {appearance.button_shape.replace("-", " ")} buttons
      </figcaption>
    </figure>
  );
}
