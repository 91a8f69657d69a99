import type {
  CopyWeekRequest,
  PublishRequest,
  PublishResponse,
  RotaTemplate,
  RotaWeekResponse,
  ShiftRequest,
  ShiftResponse,
  TemplateRequest,
} from "@contracts/rota";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, data, downloadFile } from "../../lib/api";
import { queryKeys } from "../../lib/server-state";

// A location's rota (docs/rota.md): the week read with its totals and warnings, the shifts' changes, copy,
// clear and publish, the templates, and the printable PDF. Every change fetches the week again.

type Call = (args: object, options?: { init?: RequestInit }) => Promise<Response>;
type Segment =
  | "shifts"
  | ":shiftId"
  | "copy-week"
  | "clear-week"
  | "publish"
  | "templates"
  | ":templateId"
  | "pdf";
type Node = { [key in Segment]: Node } & { $get: Call; $post: Call; $put: Call; $delete: Call };
const rota = (api.manager as unknown as { rota: { ":locationId": Node } }).rota[":locationId"];
const json = async <T>(call: Promise<Response>): Promise<T> => (await call).json() as Promise<T>;

const param = (locationId: string) => ({ param: { locationId } });

const rotaKey = (locationId: string) => [...queryKeys.location(locationId), "rota"] as const;

export const rotaWeekQuery = (locationId: string, week: string) =>
  queryOptions({
    queryKey: [...rotaKey(locationId), "week", week],
    queryFn: ({ signal }) =>
      json<RotaWeekResponse>(rota.$get({ ...param(locationId), query: { week } }, { init: { signal } })),
    meta: { errorToast: "Could not load the rota" },
  });

/**
 * The location's employees, the grid's rows: the Employees tab's query (the same key, so one fetch serves
 * both, and a staff change pushed by the hub refreshes both). Not imported from the employees feature: its
 * index comes with the dashboard's first screen, and its calls would come with it.
 */
export const employeesQuery = (locationId: string) =>
  queryOptions({
    queryKey: [...queryKeys.staff(locationId), "employees"],
    queryFn: () => data(api.manager.employees[":locationId"].$get({ param: { locationId } })),
    meta: { errorToast: "Could not load employees" },
  });

export const templatesQuery = (locationId: string) =>
  queryOptions({
    queryKey: [...rotaKey(locationId), "templates"],
    queryFn: ({ signal }) =>
      json<{ templates: RotaTemplate[] }>(rota.templates.$get(param(locationId), { init: { signal } })),
    meta: { errorToast: "Could not load the shift templates" },
  });

const shiftParam = (locationId: string, shiftId: string) => ({ param: { locationId, shiftId } });
const templateParam = (locationId: string, templateId: string) => ({ param: { locationId, templateId } });

/** Every change the rota tab makes, as plain calls (the hooks below add the refetch). */
export const rotaCalls = {
  addShift: (locationId: string, body: ShiftRequest) =>
    json<ShiftResponse>(rota.shifts.$post({ ...param(locationId), json: body })),
  saveShift: (locationId: string, shiftId: string, body: ShiftRequest) =>
    json<ShiftResponse>(rota.shifts[":shiftId"].$put({ ...shiftParam(locationId, shiftId), json: body })),
  deleteShift: (locationId: string, shiftId: string) =>
    json<unknown>(rota.shifts[":shiftId"].$delete(shiftParam(locationId, shiftId))),
  copyWeek: (locationId: string, body: CopyWeekRequest) =>
    json<{ copied: number; skipped: number }>(rota["copy-week"].$post({ ...param(locationId), json: body })),
  clearWeek: (locationId: string, week: string) =>
    json<{ deleted: number }>(rota["clear-week"].$post({ ...param(locationId), json: { week } })),
  publish: (locationId: string, body: PublishRequest) =>
    json<PublishResponse>(rota.publish.$post({ ...param(locationId), json: body })),
  addTemplate: (locationId: string, body: TemplateRequest) =>
    json<{ template: RotaTemplate }>(rota.templates.$post({ ...param(locationId), json: body })),
  saveTemplate: (locationId: string, templateId: string, body: TemplateRequest) =>
    json<{ template: RotaTemplate }>(
      rota.templates[":templateId"].$put({ ...templateParam(locationId, templateId), json: body }),
    ),
  deleteTemplate: (locationId: string, templateId: string) =>
    json<unknown>(rota.templates[":templateId"].$delete(templateParam(locationId, templateId))),
};

/** The week as an A4 landscape PDF: fetched with the session header, never with the session in an address. */
export const downloadRotaPdf = (locationId: string, week: string) =>
  downloadFile(rota.pdf.$get({ ...param(locationId), query: { week } }), `rota-${week}.pdf`);

/** A change to the rota: the week (and templates) fetched again once it has settled. */
export function useRotaChange<Input, Answer>(locationId: string, run: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rotaKey(locationId) }),
  });
}
