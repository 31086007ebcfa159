/** Bumped whenever a check, weight or threshold changes, so stored results say which rubric scored them. */
export const scannerVersion = '1.1.0';
