import { everyPage } from '../shared/every-page.js';
import { nav } from '../shared/nav.js';
import { watchedSitePage } from '../watched-site/watched-site.js';

/** A watched site's page (/app/sites/{id}). */
everyPage();
nav();
watchedSitePage();
