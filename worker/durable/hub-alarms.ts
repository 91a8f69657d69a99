// The hub's one alarm, shared by several jobs (docs/hub.md, "The alarm registry"). Each job says what it does
// when the alarm rings and when it next wants the alarm; the registry runs every job in the order registered,
// then sets the alarm for the earliest time any of them asked for. A new job is one more entry in the list
// the hub registers (rooms/lifecycle.ts), nothing else.

export type AlarmJob = {
  /** For the logs and the docs: what the job is for. */
  name: string;
  /** Its work, when the alarm rings. */
  run(now: number): Promise<void> | void;
  /** When it next needs the alarm (epoch ms), asked after every job ran; null when it needs none. */
  next(now: number): Promise<number | null> | number | null;
};

export class HubAlarms {
  #jobs: readonly AlarmJob[] = [];
  /** When the alarm is set to ring, as far as this instance knows (null: unknown or none). */
  #alarmAt: number | null = null;

  constructor(private readonly storage: DurableObjectStorage) {}

  register(jobs: readonly AlarmJob[]) {
    this.#jobs = jobs;
  }

  /** The alarm rang: every job runs, then the alarm is set for the earliest next time any job wants. */
  async ring(now: number): Promise<void> {
    this.#alarmAt = null;
    for (const job of this.#jobs) await job.run(now);
    const next: number[] = [];
    for (const job of this.#jobs) {
      const at = await job.next(now);
      if (at !== null) next.push(at);
    }
    if (next.length > 0) await this.#set(Math.min(...next));
  }

  /** Makes the alarm ring by `at`: one already set earlier serves as well. */
  async ensure(at: number): Promise<void> {
    // Remembered, so a busy location's punches do not each ask storage for the alarm.
    if (this.#alarmAt !== null && this.#alarmAt <= at) return;
    const current = await this.storage.getAlarm();
    if (current === null || current > at) await this.#set(at);
    else this.#alarmAt = current;
  }

  /** The hub's storage is being erased: no alarm rings for it. */
  async forget(): Promise<void> {
    await this.storage.deleteAlarm();
    this.#alarmAt = null;
  }

  async #set(at: number) {
    await this.storage.setAlarm(at);
    this.#alarmAt = at;
  }
}
