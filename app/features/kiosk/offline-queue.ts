import type { OfflinePunch } from "@contracts/kiosk";

// The paired kiosk's queue of punches made offline (docs/kiosk.md), in IndexedDB: it outlives a reload, the browser
// closing and the tablet restarting. Oldest first; the PIN in each is sealed to the location hub's key.

const DATABASE = "clocked-kiosk";
const STORE = "offline-punches";
/** Tells the page the queue changed (the counter reads it again). */
export const QUEUE_CHANGED = "clocked:offline-queue";

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
    });
  } finally {
    db.close();
  }
}

const changed = () => window.dispatchEvent(new Event(QUEUE_CHANGED));

export async function enqueue(punch: OfflinePunch): Promise<void> {
  await run("readwrite", (store) => store.add(punch));
  changed();
}

/** The queue, oldest first, with each punch's place in the store (one read, so the two always agree). */
export async function queued(): Promise<{ id: IDBValidKey; punch: OfflinePunch }[]> {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const found: { id: IDBValidKey; punch: OfflinePunch }[] = [];
      const transaction = db.transaction(STORE, "readonly");
      const cursor = transaction.objectStore(STORE).openCursor();
      cursor.onsuccess = () => {
        if (!cursor.result) return;
        found.push({ id: cursor.result.primaryKey, punch: cursor.result.value as OfflinePunch });
        cursor.result.continue();
      };
      transaction.oncomplete = () => resolve(found);
      transaction.onerror = () => reject(transaction.error);
    });
  } finally {
    db.close();
  }
}

export async function queuedCount(): Promise<number> {
  return run("readonly", (store) => store.count());
}

/** Removes the punches the server has answered for (recorded, or kept as an exception for the manager). */
export async function removeQueued(ids: readonly IDBValidKey[]): Promise<void> {
  if (ids.length === 0) return;
  const db = await open();
  try {
    await new Promise<void>((resolve, reject) => {
      const transaction = db.transaction(STORE, "readwrite");
      for (const id of ids) transaction.objectStore(STORE).delete(id);
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
    });
  } finally {
    db.close();
  }
  changed();
}
