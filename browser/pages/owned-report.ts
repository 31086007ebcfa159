/** The owned report (/app/scans/{id}): the report read with the tab's credential, its Re-check buttons. */
import '../legacy/core.js';
import '../legacy/page.js';
import '../legacy/recheck-buttons.js';
import '../legacy/owned-report.js';
import '../legacy/nav.js';
