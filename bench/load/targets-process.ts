/**
 * The load's scan targets in a process of their own (as real shops are elsewhere), so they do not share
 * the generator's event loop: `node --import tsx bench/load/targets-process.ts <shops> <latencyMs>` starts
 * that many `agent-ready` shops behind latency and one server that resets every connection, prints
 * `{"shops": [...origins], "resetting": origin}` as one line, and stops when its stdin closes.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startShop } from '#test/fixtures/shop-server.js';

const count = Number(process.argv[2] ?? '1');
const latencyMs = Number(process.argv[3] ?? '0');
const shops = await Promise.all(Array.from({ length: count }, () => startShop('agent-ready', { latencyMs })));
// Accepts, then resets: what a crashing or overloaded origin does to a scanner.
const resetting = createServer((socket) => socket.resetAndDestroy());
await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve));
console.log(
  JSON.stringify({ shops: shops.map((shop) => shop.origin), resetting: `http://127.0.0.1:${(resetting.address() as AddressInfo).port}` }),
);
process.stdin.resume();
process.stdin.on('end', () => {
  resetting.close();
  void Promise.all(shops.map((shop) => shop.close())).then(() => process.exit(0));
});
