import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { attributes } from './attributes.js';
import { consistency } from './consistency.js';
import { identifiers } from './identifiers.js';
import { offerCore } from './offer-core.js';
import { reviews } from './reviews.js';
import { schemaPresent } from './schema-present.js';
import { variants } from './variants.js';

export { hasMachineReadablePrice } from './offer-core.js';

/** The `product_data` dimension (25 points), in rubric order. */
export const productDataChecks: CheckDefinition[] = [schemaPresent, offerCore, identifiers, attributes, variants, reviews, consistency];
