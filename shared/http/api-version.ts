/** The API's version, in the OpenAPI document and the health report. */
export const apiVersion = '1.0.0';
