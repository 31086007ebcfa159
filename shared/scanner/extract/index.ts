export type {
  Entity,
  EntitySource,
  JsonLdResult,
  MalformedBlock,
  ProductConflict,
  FactField,
  FactSource,
  ProductFacts,
  ProductPrice,
  PropValue,
  StructuredData,
} from './types.js';
export type { Availability } from './availability.js';
export { extractStructuredData } from './structured-data.js';
export { readJsonLd } from './json-ld.js';
export { readMicrodata } from './microdata.js';
export { readRdfa } from './rdfa.js';
export { readOpenGraph } from './open-graph.js';
export { FACT_FIELDS } from './types.js';
export { productFacts } from './product-facts.js';
export {
  allEntities,
  findConflictingProducts,
  findOrganizations,
  findProducts,
  findWebSites,
  mainOfferedItem,
  mainProduct,
} from './products.js';
export { isProductLike, offerCandidates, offerTerms } from './offers.js';
export { entityValues, firstText, hasType, values } from './entity.js';
export { normalisePrice, priceValue } from './price.js';
export { isIsoCurrencyCode, normaliseCurrency } from './currency.js';
export { AVAILABILITY_VALUES, normaliseAvailability } from './availability.js';
export { gtinCheckDigit, isValidGtin, normaliseGtin } from './gtin.js';
