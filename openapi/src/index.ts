// The bundled contract (openapi/bundled/*.json, produced by `pnpm gen`) and the tables derived from it.
import productJson from '../bundled/product.json' with { type: 'json' };
import adsJson from '../bundled/ads.json' with { type: 'json' };
import controlJson from '../bundled/control.json' with { type: 'json' };
import { listOperations } from './operations';
import type { OpenApiDocument, OperationInfo } from './types';

/** The product API document (bundled, all refs internal). */
export const productDocument = productJson as unknown as OpenApiDocument;
/** The ad service document. */
export const adsDocument = adsJson as unknown as OpenApiDocument;
/** The mock server's /__mock control plane document. */
export const controlDocument = controlJson as unknown as OpenApiDocument;

/** Every product API operation: `{operationId, method, path, tag, guest, hasBody}`, in document order. */
export const operations: readonly OperationInfo[] = listOperations(productDocument);
/** Every ad service operation. */
export const adOperations: readonly OperationInfo[] = listOperations(adsDocument);

export { listOperations, findOperation, matchPathTemplate } from './operations';
export type { OperationTarget, FoundOperation } from './operations';
export type * from './types';
export { httpMethods } from './types';
