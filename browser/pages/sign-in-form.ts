import { everyPage } from '../shared/every-page.js';
import { nav } from '../shared/nav.js';
import { signInForm } from '../sign-in/sign-in-form.js';

/** The sign-in form (/sign-in): an e-mail address, for a sign-in link. */
everyPage();
signInForm();
nav();
