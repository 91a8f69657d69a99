import type { CloseSessionResponse } from "../../../worker/contracts/employees";
import type { LiveStatus, LiveTicketResponse } from "../../../worker/contracts/live";
import { apiRequest } from "../../lib/api";

const enc = encodeURIComponent;

export const liveStatusApi = {
  get: (locationId: string) =>
    apiRequest<LiveStatus>("GET", `/manager/live-status/${enc(locationId)}`, { auth: true }),
  ticket: (locationId: string) =>
    apiRequest<LiveTicketResponse>("POST", `/manager/live-status/${enc(locationId)}/ticket`, { auth: true }),
  closeSession: (locationId: string, employeeId: string) =>
    apiRequest<CloseSessionResponse>(
      "POST",
      `/manager/employees/${enc(locationId)}/${enc(employeeId)}/close-session`,
      { auth: true },
    ),
};

/** The socket address for a ticket: same origin, ws or wss as the page. */
export const liveSocketUrl = (locationId: string, ticket: string) => {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/api/live/${enc(locationId)}?ticket=${enc(ticket)}`;
};
