import { describe, expect, it } from "vitest";
import { changeStatusRequest, statusOf } from "../../worker/contracts/employees";
import { kioskSubmitRequest } from "../../worker/contracts/kiosk";
import { clientMessage, serverMessage } from "../../worker/contracts/live";
import { employeeLimitMessage, maxEmployeesFor } from "../../worker/domain/plans";
import { firstFreeUsername, initialOf, usernameBase } from "../../worker/domain/usernames";

describe("employee limits per location", () => {
  it("are 10, 50 and 150 by plan, and unlimited for VIP", () => {
    expect(maxEmployeesFor({ plan: "starter", isVip: false })).toBe(10);
    expect(maxEmployeesFor({ plan: "pro", isVip: false })).toBe(50);
    expect(maxEmployeesFor({ plan: "business", isVip: false })).toBe(150);
    expect(maxEmployeesFor({ plan: "starter", isVip: true })).toBeNull();
  });

  it("tell the manager what to do next", () => {
    expect(employeeLimitMessage({ plan: "starter", isVip: false })).toBe(
      "Your Starter plan includes up to 10 employees per location. Upgrade to Pro for up to 50 employees per location, or delete employees who have left.",
    );
    expect(employeeLimitMessage({ plan: "pro", isVip: false })).toContain("Upgrade to Business");
    expect(employeeLimitMessage({ plan: "business", isVip: false })).toContain("contact support");
  });
});

describe("usernames and initials", () => {
  it("are first name plus last initial, lower-case ASCII, numbered when taken", () => {
    expect(usernameBase("Jane", "Smith")).toBe("janes");
    expect(usernameBase("  Zoë ", "Ó'Brien")).toBe("zoeo");
    expect(usernameBase("李", "王")).toBe("employee");
    expect(firstFreeUsername("janes", new Set())).toBe("janes");
    expect(firstFreeUsername("janes", new Set(["janes", "janes2"]))).toBe("janes3");
  });

  it("group names by their upper-cased first letter", () => {
    expect(initialOf("jane")).toBe("J");
    expect(initialOf(" émile")).toBe("É");
  });
});

describe("contracts", () => {
  it("read an unknown status as active", () => {
    expect(statusOf("sabbatical")).toBe("active");
    expect(statusOf("sick_leave")).toBe("sick_leave");
  });

  it("check status notes and dates with the spec's messages", () => {
    const tooLong = changeStatusRequest.safeParse({ status: "holiday", note: "x".repeat(101) });
    expect(tooLong.error?.issues[0]?.message).toBe("Status note must be at most 100 characters");
    const backwards = changeStatusRequest.safeParse({
      status: "holiday",
      start_date: "2026-08-10",
      end_date: "2026-08-01",
    });
    expect(backwards.error?.issues[0]?.message).toBe("End date cannot be before the start date");
    expect(changeStatusRequest.parse({ status: "training", start_date: "", end_date: null })).toEqual({
      status: "training",
    });
  });

  it("take either kiosk payload and nothing in between", () => {
    expect(kioskSubmitRequest.parse({ username: "janes", pin: "1234", action: "check_in" }).employee).toEqual(
      {
        username: "janes",
      },
    );
    const byName = kioskSubmitRequest.parse({
      location_id: "loc",
      first_name: "Jane",
      last_name: "Smith",
      pin: "1234",
      action: "check_out",
    });
    expect(byName.employee).toEqual({ first_name: "Jane", last_name: "Smith" });
    expect(kioskSubmitRequest.safeParse({ pin: "1234", action: "check_in" }).success).toBe(false);
    expect(
      kioskSubmitRequest.safeParse({ username: "janes", pin: "12a4", action: "check_in" }).error?.issues[0]
        ?.message,
    ).toBe("PIN must be exactly 4 digits");
  });

  it("validate socket messages in both directions", () => {
    expect(clientMessage.safeParse({ type: "ping" }).success).toBe(true);
    expect(clientMessage.safeParse({ type: "drop_tables" }).success).toBe(false);
    expect(serverMessage.safeParse({ type: "employees_changed" }).success).toBe(true);
    expect(serverMessage.safeParse({ type: "live_status", data: {} }).success).toBe(false);
  });
});
