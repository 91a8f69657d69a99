import { useQuery } from "@tanstack/react-query";
import { customizationQuery } from "../location-settings";
import { breakOverridesQuery } from "./api";

/** The location's break standard and the employees' own breaks (a failed read leaves the defaults). */
export function useBreaks(locationId: string) {
  const settings = useQuery(customizationQuery(locationId)).data?.customization ?? null;
  const overrides = useQuery(breakOverridesQuery(locationId)).data?.overrides ?? [];
  return { settings, overrides };
}
