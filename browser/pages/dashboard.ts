import { accountSection, followAllowance } from '../dashboard/account.js';
import { batchesSection } from '../dashboard/batches.js';
import { competitorsSection } from '../dashboard/competitors.js';
import { curlSection } from '../dashboard/curl.js';
import { dashboard } from '../dashboard/dashboard.js';
import { keysSection } from '../dashboard/keys.js';
import { scanSection } from '../dashboard/scan.js';
import { scansSection } from '../dashboard/scans.js';
import { sitesSection } from '../dashboard/sites.js';
import { webhooksSection } from '../dashboard/webhooks.js';
import { everyPage } from '../shared/every-page.js';
import { nav } from '../shared/nav.js';

/** The dashboard (/app): its sections, rendered in this order into the elements of their ids. */
everyPage();
nav();
followAllowance();
dashboard([
  accountSection,
  scanSection,
  scansSection,
  sitesSection,
  competitorsSection,
  webhooksSection,
  batchesSection,
  keysSection,
  curlSection,
]);
