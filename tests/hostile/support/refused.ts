import { expect } from "vitest";
import { type Call, isErrorBody, send, summary } from "./http";
import { snapshot } from "./snapshot";

/** One kind of caller of the matrices: a label for the failure message and what it presents. */
export type Caller = { label: string; authorization?: string; query?: string };

/**
 * Each caller's call is refused with one of `statuses` and the `{"detail"}` body, and D1 is as it was: a
 * refusal never writes half of anything.
 */
export async function expectRefused(who: Caller[], callOf: (caller: Caller) => Call, statuses: number[]) {
  const before = await snapshot();
  for (const caller of who) {
    const call = callOf(caller);
    const answer = await send(call);
    expect({ caller: caller.label, ...summary(call, answer) }).toMatchObject({
      status: expect.toSatisfy((s: number) => statuses.includes(s)),
    });
    expect(isErrorBody(answer.json), `${caller.label}: ${answer.text}`).toBe(true);
  }
  expect(await snapshot()).toEqual(before);
}
