// The API's TypeScript types as openapi-typescript makes them of an OpenAPI document, a multipart file (`format:
// binary`) as a Blob, as openapi-typescript's documentation shows. Used by generate-api-types.mjs and the
// typed-client test, which checks the committed types are up to date.
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));

export const typesOf = async (document) =>
  astToString(
    await openapiTS(document, { transform: (schema) => (schema.format === 'binary' ? BLOB : undefined) }),
  );
