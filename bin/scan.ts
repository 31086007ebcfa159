/** The command line from source (`npx tsx bin/scan.ts <url>`); `npm run scan` runs the built bundle of the same main. */
import { main } from '#bin/cli/cli-main.js';

process.exitCode = await main(process.argv.slice(2));
