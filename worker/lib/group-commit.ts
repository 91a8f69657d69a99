/**
 * Commits work in batches, in arrival order: the first item starts a batch at once, and everything that
 * arrives while it is in flight goes together into the next one. One round trip then serves a whole
 * burst, instead of each item waiting for every write before it in turn.
 */
export class GroupCommit<Item, Result> {
  #waiting: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  #committing = false;

  constructor(
    private readonly commit: (items: Item[]) => Promise<Result[]>,
    private readonly maxBatch = 50,
  ) {}

  add(item: Item): Promise<Result> {
    const result = new Promise<Result>((resolve, reject) => this.#waiting.push({ item, resolve, reject }));
    if (!this.#committing) void this.#drain();
    return result;
  }

  async #drain() {
    this.#committing = true;
    while (this.#waiting.length > 0) {
      const batch = this.#waiting.splice(0, this.maxBatch);
      try {
        const results = await this.commit(batch.map((entry) => entry.item));
        for (const [n, entry] of batch.entries()) entry.resolve(results[n] as Result);
      } catch (error) {
        // The batch is one transaction: none of it was written, and each caller hears why.
        for (const entry of batch) entry.reject(error);
      }
    }
    this.#committing = false;
  }
}
