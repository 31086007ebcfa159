/** The dashboard (/app): its sections, then the dashboard that renders them. */
import '../legacy/core.js';
import '../legacy/page.js';
import '../legacy/nav.js';
import '../legacy/dashboard-account.js';
import '../legacy/dashboard-scan.js';
import '../legacy/dashboard-scans.js';
import '../legacy/dashboard-sites.js';
import '../legacy/dashboard-competitors.js';
import '../legacy/dashboard-webhooks.js';
import '../legacy/dashboard-batches.js';
import '../legacy/dashboard-keys.js';
import '../legacy/dashboard-curl.js';
import '../legacy/dashboard.js';
