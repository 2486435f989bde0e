/**
 * Setup file of the unit project: unit tests must not touch the network. A TCP connection attempt
 * (an SDK client without a mock, a forgotten fetch) fails at once instead of timing out or, worse,
 * reaching a real endpoint.
 */
import { Socket } from 'node:net';
import { installAmbientClock } from './test-clock.js';

const connect = Socket.prototype.connect;
Socket.prototype.connect = function guardedConnect(this: Socket, ...args: unknown[]) {
  const [first] = args;
  const target = typeof first === 'object' && first !== null ? (first as { path?: string }) : undefined;
  // Unix sockets are local IPC, not network.
  if (target?.path) return (connect as (...a: unknown[]) => Socket).apply(this, args);
  throw new Error('Unit tests must not use the network: use aws-sdk-client-mock or move the test to test/integration');
} as typeof Socket.prototype.connect;

process.env.AWS_ACCESS_KEY_ID ??= 'unit';
process.env.AWS_SECRET_ACCESS_KEY ??= 'unit';
process.env.AWS_REGION ??= 'ap-northeast-1';

// No test reads the real date (test-clock.ts): domain code that defaults "now" gets the pinned clock.
installAmbientClock();
