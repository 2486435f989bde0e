/**
 * The one clock of the domain. Handlers read "now" here so tests can move it (the local gateway runs
 * handlers in the test's own process) without faking the global Date, which JWT checks also use.
 */
export const clock = {
  now: (): Date => new Date(),
};
