/** Every page without a script of its own: the header's account link, Copy buttons, printing. */
import '../legacy/core.js';
import '../legacy/page.js';
import '../legacy/nav.js';
