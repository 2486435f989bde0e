import { afterEach, describe, expect, it } from 'vitest';
import { addLogContext, logContext, logger, withLogContext } from '../../functions/shared/logger.js';

const lines: Record<string, unknown>[] = [];
const originals = { out: process.stdout.write, err: process.stderr.write };
function capture() {
  const grab = (chunk: unknown) => {
    for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
    return true;
  };
  process.stdout.write = grab as typeof process.stdout.write;
  process.stderr.write = grab as typeof process.stderr.write;
}
afterEach(() => {
  process.stdout.write = originals.out;
  process.stderr.write = originals.err;
  lines.length = 0;
});

describe('log context', () => {
  it('adds the invocation ids to every line inside, across awaits, and none outside', async () => {
    capture();
    await withLogContext({ api_request_id: 'a-1', lambda_request_id: 'l-1', route: 'r' }, async () => {
      addLogContext({ company_id: 'c-1', user_id: 'u-1' });
      await new Promise((r) => setTimeout(r, 1));
      logger.info('deep', { outcome: 'ok' });
    });
    logger.info('outside');
    expect(lines[0]).toMatchObject({
      message: 'deep',
      api_request_id: 'a-1',
      lambda_request_id: 'l-1',
      route: 'r',
      company_id: 'c-1',
      user_id: 'u-1',
      outcome: 'ok',
    });
    expect(lines[1]).not.toHaveProperty('api_request_id');
    expect(logContext()).toBeUndefined();
  });

  it('keeps concurrent invocations apart and nests a job context on its parent', async () => {
    capture();
    const run = (id: string, wait: number) =>
      withLogContext({ api_request_id: id }, async () => {
        await new Promise((r) => setTimeout(r, wait));
        addLogContext({ user_id: `user-${id}` });
        await new Promise((r) => setTimeout(r, wait));
        withLogContext({ job: 'export', job_id: `job-${id}` }, () => logger.warn('line'));
      });
    await Promise.all([run('x', 5), run('y', 1)]);
    expect(lines.map((l) => [l.api_request_id, l.user_id, l.job_id]).sort()).toEqual([
      ['x', 'user-x', 'job-x'],
      ['y', 'user-y', 'job-y'],
    ]);
  });
});
