import { everyPage } from '../shared/every-page.js';
import { nav } from '../shared/nav.js';

/** Every page without a script of its own: Copy buttons, printing, the header's account link. */
everyPage();
nav();
