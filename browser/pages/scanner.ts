import { scannerForm } from '../scanner/scanner-form.js';
import { everyPage } from '../shared/every-page.js';
import { nav } from '../shared/nav.js';

/** The public scanner (/): its form, then the header. */
everyPage();
scannerForm();
nav();
