/** Collects what this process writes to stdout and stderr (the JSON logger writes there) until `stop()`. */
export function captureOutput(): { stop(): string } {
  const captured: string[] = [];
  const restore: (() => void)[] = [];
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write;
    stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
      captured.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
      return (original as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof stream.write;
    restore.push(() => {
      stream.write = original;
    });
  }
  return {
    stop() {
      while (restore.length) restore.pop()!();
      return captured.join('');
    },
  };
}
