/** The origin secret the integration stack runs with, as if a CloudFront distribution were in front (EDGE_ORIGIN_SECRET). */
export const testEdgeOriginSecret = 'integration-edge-origin-secret-5d1c7a2e9b';
