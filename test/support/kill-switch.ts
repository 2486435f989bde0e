/**
 * A background worker "killed" in-process (issue 30 items 11 and 13), without timing: a test wraps a
 * dependency of the worker (vi.mock) so that it first awaits `pass()` of a named switch. Once armed
 * with `arm(after)`, the first `after` calls go through and every later one never returns — the worker
 * stops where a killed process would, holding its job's lease until that runs out. `arm(after, hangs)`
 * hangs only the `hangs` calls after those and lets later ones through (some lanes of a worker stop at
 * one step, the others run on to another switch). `disarm()` lets new
 * calls through (the restarted worker); `release()` also lets the hung calls return, as a worker that
 * wakes up again would, so the test can check that it no longer writes anything.
 *
 * Switches are kept by name on this module, shared by the mock factory (which imports it dynamically)
 * and the test (which imports it statically): both get the same instance.
 */
export interface KillSwitch {
  arm(after: number, hangs?: number): void;
  disarm(): void;
  release(): void;
  /** Calls hung so far. */
  readonly hung: number;
  /** What the wrapped dependency awaits first. */
  pass(): Promise<void>;
}

const switches = new Map<string, KillSwitch>();

export function killSwitch(name: string): KillSwitch {
  const existing = switches.get(name);
  if (existing) return existing;
  let armed = false;
  let after = 0;
  let hangs = Infinity;
  let calls = 0;
  const waiting: (() => void)[] = [];
  const made: KillSwitch = {
    arm(n, limit = Infinity) {
      armed = true;
      after = n;
      hangs = limit;
      calls = 0;
    },
    disarm() {
      armed = false;
    },
    release() {
      armed = false;
      for (const resume of waiting.splice(0)) resume();
    },
    get hung() {
      return waiting.length;
    },
    async pass() {
      if (!armed) return;
      calls++;
      if (calls <= after || calls > after + hangs) return;
      await new Promise<void>((resume) => waiting.push(resume));
    },
  };
  switches.set(name, made);
  return made;
}
