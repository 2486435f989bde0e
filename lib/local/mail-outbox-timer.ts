/**
 * What the outbox's EventBridge rule does on AWS (every minute, functions/jobs/mail-outbox.ts), for
 * `npm start`: the same run in-process on a timer, so a mail the local SMTP server could not take
 * arrives once it is back. One run at a time; a run that fails is logged and the next one tries again.
 */
import { runMailOutbox } from '../../functions/services/mail-outbox';

export interface MailOutboxTimer {
  /** Runs once now (waiting for a run under way first). */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

export function startMailOutboxTimer(intervalMs = 15_000): MailOutboxTimer {
  let running: Promise<void> | null = null;
  const run = () =>
    (running ??= runMailOutbox()
      .then(() => undefined)
      .catch((error: unknown) => console.error('mail outbox run failed', error))
      .finally(() => {
        running = null;
      }));
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return {
    runNow: async () => {
      await running;
      await run();
    },
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
