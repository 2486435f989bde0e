/**
 * The one clock of the domain. Handlers read "now" here so tests can move it (the local gateway runs
 * handlers in the test's own process) without faking the global Date, which JWT checks also use.
 *
 * The object lives on `globalThis` under a registered symbol: every copy of this module in one process
 * — the sources and each Lambda bundle the integration tests load beside them — reads the same clock,
 * so a test that pins "now" pins it for the bundled handlers too. A deployed Lambda holds one bundle,
 * where this is just a module-level object.
 */
interface Clock {
  now: () => Date;
}

const KEY = Symbol.for('kintai.clock');
const holder = globalThis as typeof globalThis & { [KEY]?: Clock };

export const clock: Clock = (holder[KEY] ??= { now: () => new Date() });
