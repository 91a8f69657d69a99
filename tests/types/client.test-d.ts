// The typed seam, checked by the compiler: `tsc -b` (npm test's first step) type-checks this file with
// the app's settings (tsconfig.app.json includes tests/types) and nothing ever runs it. Each
// `@ts-expect-error` must stay an error: were the client to accept a body the route's contract refuses, or
// to hand out a field the route does not answer with, the directive would be unused and the build fails.

import type { KioskAppType } from "@worker/app";
import { hc } from "hono/client";
import { api, data, publicApi } from "../../app/lib/api";

export async function bodiesFollowTheContracts() {
  await data(api.manager.locations.$post({ json: { name: "Camden High Street" } }));
  // @ts-expect-error the contract requires a name
  await data(api.manager.locations.$post({ json: {} }));
  // @ts-expect-error a field the contract does not have
  await data(api.manager.locations.$post({ json: { name: "Camden", city: "London" } }));

  const employee = api.manager.employees[":employeeId"];
  await data(employee.$put({ param: { employeeId: "e1" }, json: { active: false } }));
  // @ts-expect-error active is a boolean
  await data(employee.$put({ param: { employeeId: "e1" }, json: { active: "no" } }));
  // @ts-expect-error the PIN route takes a pin, not a name
  await data(employee.pin.$put({ param: { employeeId: "e1" }, json: { first_name: "Ada" } }));

  // The request's own shape: what the caller sends (z.input), not what the handler reads.
  await data(
    publicApi.auth["check-reset-code"].$post({ json: { email: "a@b.co", verification_code: "123456" } }),
  );
  // @ts-expect-error the reset code is `verification_code`
  await data(publicApi.auth["check-reset-code"].$post({ json: { email: "a@b.co", reset_code: "123456" } }));
}

export async function pathsAndQueriesFollowTheRoutes() {
  // @ts-expect-error the location is part of the path
  await data(api.manager.employees[":locationId"].$get());
  // @ts-expect-error the parameter is named locationId
  await data(api.manager.employees[":locationId"].$get({ param: { id: "l1" } }));
  await data(
    api.manager["staff-hours"][":locationId"].$get({
      param: { locationId: "l1" },
      query: { period: "this_week" },
    }),
  );
  const staffHours = api.manager["staff-hours"][":locationId"];
  // @ts-expect-error a query field the route does not read
  await data(staffHours.$get({ param: { locationId: "l1" }, query: { month: "2026-01" } }));
  // @ts-expect-error no such route
  await data(api.manager.employees.everyone.$get());
}

export async function answersAreTheRoutesResponses() {
  const { locations } = await data(api.manager.locations.$get());
  const first = locations[0];
  if (first) {
    first.timezone satisfies string;
    // @ts-expect-error a location has no address
    first.address;
  }

  const { employees } = await data(
    api.manager.employees[":locationId"].$get({ param: { locationId: "l1" } }),
  );
  employees[0]?.checked_in satisfies boolean | undefined;
  // @ts-expect-error employees have no pin in the answer
  employees[0]?.pin;

  const status = await data(api.manager["live-status"][":locationId"].$get({ param: { locationId: "l1" } }));
  status.kpis.employees_checked_in satisfies number;
  // @ts-expect-error the live status has no employees list
  status.employees;
}

export async function theKioskClientKnowsOnlyKioskRoutes() {
  const kiosk = hc<KioskAppType>("/").api;
  const location = await data(kiosk.locations[":locationId"].$get({ param: { locationId: "l1" } }));
  location.button_shape satisfies "rectangle" | "square" | "thin-rectangle" | "circle";
  await data(
    kiosk.kiosk.submit[":locationId"].$post({
      param: { locationId: "l1" },
      json: { first_name: "Ada", last_name: "Lovelace", pin: "1234", action: "check_in" },
    }),
  );
  await data(
    kiosk.kiosk.submit.$post({
      // @ts-expect-error the action is check_in or check_out
      json: { username: "ada.lovelace", pin: "1234", action: "clock_in" },
    }),
  );
  // @ts-expect-error the dashboard's routes are not in the kiosk's client
  kiosk.manager;
}
