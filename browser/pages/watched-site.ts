/** A watched site's page (/app/sites/{id}). */
import '../legacy/core.js';
import '../legacy/page.js';
import '../legacy/nav.js';
import '../legacy/site-page.js';
