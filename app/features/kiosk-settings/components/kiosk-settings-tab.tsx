import type { KioskAppearance } from "@contracts/appearance";
import type { Location } from "@contracts/locations";
import type { Customization, CustomizationPatch } from "@contracts/settings";
import { hasFeature } from "@domain/plans";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toast } from "../../../lib/toast";
import { customizationQuery, useUpdateCustomization } from "../../location-settings";
import "../kiosk-settings.css";
import { AppearanceEditor } from "./appearance-editor";
import { KioskDevicesSection } from "./kiosk-devices-section";
import { OpenKioskLink } from "./kiosk-launchers";
import { type Logo, LogoSection } from "./logo-section";
import { PhoneClockInSection } from "./phone-clock-in-section";

const appearanceOf = (c: Customization): KioskAppearance => ({
  button_shape: c.button_shape,
  background_theme: c.background_theme,
  logo_url: c.logo_url,
});

/** Which of the tab's two saves a patch is: the kiosk's look, or "only paired kiosks". */
const savingOf = (patch: CustomizationPatch) =>
  patch.only_paired_kiosks === undefined ? "appearance" : "only-paired";

/** Spec §2 Attendance Form: the kiosk link, its look, its logo, and who may use it. */
export function KioskSettingsTab({ location, plan }: { location: Location; plan: string }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const loaded = useQuery(customizationQuery(location.id));
  const saved = loaded.data?.customization ?? null;
  // The appearance being chosen, until it is saved; null follows what is saved.
  const [choice, setChoice] = useState<Pick<KioskAppearance, "button_shape" | "background_theme"> | null>(
    null,
  );
  const update = useUpdateCustomization(location.id);
  const saving = update.isPending ? savingOf(update.variables) : null;

  function save(patch: CustomizationPatch) {
    update.mutate(patch, {
      onSuccess: () => {
        if (savingOf(patch) === "appearance") setChoice(null);
        toast.success("Saved");
      },
    });
  }

  function logoChanged(logo: Logo) {
    queryClient.setQueryData(
      customizationQuery(location.id).queryKey,
      (current) => current && { customization: { ...current.customization, ...logo } },
    );
  }

  if (loaded.isError && !saved)
    return <p className="muted">Could not load this location's attendance form settings.</p>;
  if (!saved) return <p className="muted">Loading…</p>;
  const draft: KioskAppearance = { ...appearanceOf(saved), ...choice };
  const dirty =
    draft.button_shape !== saved.button_shape || draft.background_theme !== saved.background_theme;

  return (
    <div className="kiosk-settings">
      <section className="card" aria-labelledby={headingId}>
        <div className="card__header">
          <h2 id={headingId}>Kiosk appearance</h2>
          <OpenKioskLink location={location} label="Open attendance page ↗" />
        </div>
        <AppearanceEditor
          value={draft}
          onChange={({ button_shape, background_theme }) => setChoice({ button_shape, background_theme })}
          dirty={dirty}
          saving={saving === "appearance"}
          onSave={() => save({ button_shape: draft.button_shape, background_theme: draft.background_theme })}
          locationName={location.name}
          recordBreaks={saved.record_breaks}
        />
      </section>
      <LogoSection
        locationId={location.id}
        logo={{ logo_url: saved.logo_url, logo_filename: saved.logo_filename }}
        canUpload={hasFeature({ plan }, "logoUpload")}
        onChanged={logoChanged}
      />
      <KioskDevicesSection
        location={location}
        onlyPaired={saved.only_paired_kiosks}
        savingOnlyPaired={saving === "only-paired"}
        onOnlyPairedChange={(on) => save({ only_paired_kiosks: on })}
      />
      <PhoneClockInSection locationId={location.id} onPlan={hasFeature({ plan }, "phoneClockIn")} />
    </div>
  );
}
