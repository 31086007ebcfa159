import { ownedReport } from '../report/owned-report.js';
import { everyPage } from '../shared/every-page.js';
import { nav } from '../shared/nav.js';

/** The owned report (/app/scans/{id}): the report read with the tab's credential, with its Re-check buttons. */
everyPage();
ownedReport();
nav();
