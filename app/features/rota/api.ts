import type {
  CopyWeekRequest,
  PublishRequest,
  PublishResponse,
  ShiftRequest,
  TemplateRequest,
} from "@contracts/rota";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, data, downloadFile } from "../../lib/api";
import { queryKeys } from "../../lib/server-state";

// A location's rota (docs/rota.md): the week read with its totals and warnings, the shifts' changes, copy,
// clear and publish, the templates, and the printable PDF. Every change fetches the week again.

const rota = api.manager.rota[":locationId"];

const param = (locationId: string) => ({ param: { locationId } });

const rotaKey = (locationId: string) => [...queryKeys.location(locationId), "rota"] as const;

export const rotaWeekQuery = (locationId: string, week: string) =>
  queryOptions({
    queryKey: [...rotaKey(locationId), "week", week],
    queryFn: ({ signal }) => data(rota.$get({ ...param(locationId), query: { week } }, { init: { signal } })),
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
    queryFn: ({ signal }) => data(rota.templates.$get(param(locationId), { init: { signal } })),
    meta: { errorToast: "Could not load the shift templates" },
  });

const shiftParam = (locationId: string, shiftId: string) => ({ param: { locationId, shiftId } });
const templateParam = (locationId: string, templateId: string) => ({ param: { locationId, templateId } });

/** Every change the rota tab makes, as plain calls (the hooks below add the refetch). */
export const rotaCalls = {
  addShift: (locationId: string, body: ShiftRequest) =>
    data(rota.shifts.$post({ ...param(locationId), json: body })),
  saveShift: (locationId: string, shiftId: string, body: ShiftRequest) =>
    data(rota.shifts[":shiftId"].$put({ ...shiftParam(locationId, shiftId), json: body })),
  deleteShift: (locationId: string, shiftId: string) =>
    data(rota.shifts[":shiftId"].$delete(shiftParam(locationId, shiftId))),
  copyWeek: (locationId: string, body: CopyWeekRequest) =>
    data(rota["copy-week"].$post({ ...param(locationId), json: body })),
  clearWeek: (locationId: string, week: string) =>
    data(rota["clear-week"].$post({ ...param(locationId), json: { week } })),
  /** The publication; the route's other answer, 409 with the warnings, arrives as an ApiFailure. */
  publish: async (locationId: string, body: PublishRequest): Promise<PublishResponse> => {
    const answer = await data(rota.publish.$post({ ...param(locationId), json: body }));
    if ("warnings" in answer) throw new Error(answer.detail);
    return answer;
  },
  addTemplate: (locationId: string, body: TemplateRequest) =>
    data(rota.templates.$post({ ...param(locationId), json: body })),
  saveTemplate: (locationId: string, templateId: string, body: TemplateRequest) =>
    data(rota.templates[":templateId"].$put({ ...templateParam(locationId, templateId), json: body })),
  deleteTemplate: (locationId: string, templateId: string) =>
    data(rota.templates[":templateId"].$delete(templateParam(locationId, templateId))),
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
