/** The public scanner (/): its form, then the header. */
import '../legacy/core.js';
import '../legacy/page.js';
import '../legacy/scanner-form.js';
import '../legacy/nav.js';
