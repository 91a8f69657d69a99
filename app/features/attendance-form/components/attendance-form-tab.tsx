import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import type { Location } from "../../../../worker/contracts/locations";
import type { Customization, KioskAppearance } from "../../../../worker/contracts/settings";
import { hasFeature } from "../../../../worker/domain/plans";
import { detailOr } from "../../../lib/api";
import { locationSettingsApi } from "../../location-settings/api";
import { SAVE_CUSTOMIZATION_FAILED } from "../api";
import "../attendance-form.css";
import { AppearanceEditor } from "./appearance-editor";
import { KioskDevicesSection } from "./kiosk-devices-section";
import { type Logo, LogoSection } from "./logo-section";

const appearanceOf = (c: Customization): KioskAppearance => ({
  button_shape: c.button_shape,
  background_theme: c.background_theme,
  logo_url: c.logo_url,
});

/** Spec §2 Attendance Form: the kiosk link, its look, its logo, and who may use it. */
export function AttendanceFormTab({ location, plan }: { location: Location; plan: string }) {
  const headingId = useId();
  const [saved, setSaved] = useState<Customization | null>(null);
  const [draft, setDraft] = useState<KioskAppearance | null>(null);
  const [saving, setSaving] = useState<"appearance" | "only-paired" | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    locationSettingsApi
      .get(location.id)
      .then(({ customization }) => {
        if (!live) return;
        setSaved(customization);
        setDraft(appearanceOf(customization));
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [location.id]);

  async function save(patch: Parameters<typeof locationSettingsApi.update>[1], what: typeof saving) {
    setSaving(what);
    try {
      const { customization } = await locationSettingsApi.update(location.id, patch);
      setSaved(customization);
      toast.success("Saved");
      return customization;
    } catch (error) {
      toast.error(detailOr(error, SAVE_CUSTOMIZATION_FAILED));
      return null;
    } finally {
      setSaving(null);
    }
  }

  function logoChanged(logo: Logo) {
    setSaved((current) => current && { ...current, ...logo });
    setDraft((current) => current && { ...current, logo_url: logo.logo_url });
  }

  if (failed) return <p className="muted">Could not load this location's attendance form settings.</p>;
  if (!saved || !draft) return <p className="muted">Loading…</p>;
  const dirty =
    draft.button_shape !== saved.button_shape || draft.background_theme !== saved.background_theme;

  return (
    <div className="attendance-form">
      <section className="card" aria-labelledby={headingId}>
        <div className="card__header">
          <h2 id={headingId}>Kiosk appearance</h2>
          <a
            className="button button--ghost button--small"
            href={`/attendance/${location.id}`}
            target="_blank"
            rel="noopener"
          >
            Open attendance page ↗
          </a>
        </div>
        <AppearanceEditor
          value={draft}
          onChange={setDraft}
          dirty={dirty}
          saving={saving === "appearance"}
          onSave={() =>
            void save(
              { button_shape: draft.button_shape, background_theme: draft.background_theme },
              "appearance",
            )
          }
          locationName={location.name}
        />
      </section>
      <LogoSection
        locationId={location.id}
        logo={{ logo_url: saved.logo_url, logo_filename: saved.logo_filename }}
        canUpload={hasFeature({ plan }, "logoUpload")}
        onChanged={logoChanged}
      />
      <KioskDevicesSection
        locationId={location.id}
        onlyPaired={saved.only_paired_kiosks}
        savingOnlyPaired={saving === "only-paired"}
        onOnlyPairedChange={(on) => void save({ only_paired_kiosks: on }, "only-paired")}
      />
    </div>
  );
}
