/** The sign-in form (/sign-in): an e-mail address, for a sign-in link. */
import '../legacy/core.js';
import '../legacy/page.js';
import '../legacy/sign-in-form.js';
import '../legacy/nav.js';
