/**
 * Reads until `done(value)` holds, every `intervalMs`: for background work such as export jobs. No
 * attempt limit of its own, which on a busy machine would be a timing threshold: the test's (or hook's)
 * timeout is what stops a job that never finishes.
 */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, intervalMs = 100): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
