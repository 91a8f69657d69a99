/**
 * Runs tasks one at a time, in arrival order, each to completion (awaits included) before the next
 * starts. A Durable Object's input gates only cover its own storage: across an await on D1 other
 * requests would interleave, so anything that must not interleave goes through one of these.
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(task);
    // A failed task must not block the ones behind it.
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
