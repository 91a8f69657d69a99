import { describe, expect, it } from "vitest";
import { GroupCommit } from "../../worker/lib/group-commit";

/** A commit the test finishes by hand, recording each batch it was given. */
function controlledCommit() {
  const batches: number[][] = [];
  const finish: ((fail?: Error) => void)[] = [];
  const commit = (items: number[]) => {
    batches.push(items);
    return new Promise<string[]>((resolve, reject) =>
      finish.push((fail) => (fail ? reject(fail) : resolve(items.map((n) => `done ${n}`)))),
    );
  };
  return { batches, finish, commit };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("group commit", () => {
  it("starts the first item at once and commits what arrives meanwhile together, in order", async () => {
    const { batches, finish, commit } = controlledCommit();
    const group = new GroupCommit(commit);
    const first = group.add(1);
    const rest = [group.add(2), group.add(3), group.add(4)];
    expect(batches).toEqual([[1]]);
    finish[0]?.();
    expect(await first).toBe("done 1");
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    finish[1]?.();
    expect(await Promise.all(rest)).toEqual(["done 2", "done 3", "done 4"]);
  });

  it("rejects only the failed batch, and the next batch still commits", async () => {
    const { batches, finish, commit } = controlledCommit();
    const group = new GroupCommit(commit);
    const failed = group.add(1);
    const later = group.add(2);
    finish[0]?.(new Error("D1 is down"));
    await expect(failed).rejects.toThrow("D1 is down");
    await tick();
    expect(batches).toEqual([[1], [2]]);
    finish[1]?.();
    expect(await later).toBe("done 2");
  });

  it("never puts more than the maximum in one batch", async () => {
    const { batches, finish, commit } = controlledCommit();
    const group = new GroupCommit(commit, 2);
    const all = [1, 2, 3, 4, 5].map((n) => group.add(n));
    finish[0]?.();
    await tick();
    finish[1]?.();
    await tick();
    finish[2]?.();
    expect(await Promise.all(all)).toHaveLength(5);
    expect(batches).toEqual([[1], [2, 3], [4, 5]]);
  });
});
