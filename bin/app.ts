import { createReadinessApp } from '#lib/readiness-app.js';

createReadinessApp().app.synth();
