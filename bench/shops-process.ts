/**
 * Fixture shops in a process of their own (as real shops are elsewhere): `node --import tsx
 * bench/shops-process.ts <count> <latencyMs>` starts that many `agent-ready` shops, prints their origins
 * as one JSON line, and stops them when its stdin closes.
 */
import { startShop } from '#test/fixtures/shop-server.js';

const count = Number(process.argv[2] ?? '1');
const latencyMs = Number(process.argv[3] ?? '0');
const shops = await Promise.all(Array.from({ length: count }, () => startShop('agent-ready', { latencyMs })));
console.log(JSON.stringify(shops.map((shop) => shop.origin)));
process.stdin.resume();
process.stdin.on('end', () => {
  void Promise.all(shops.map((shop) => shop.close())).then(() => process.exit(0));
});
