// The control plane's own OpenAPI document (openapi/control/openapi.yaml, bundled by `pnpm gen`). The
// openapi package exports only the product and ad documents, so the bundle is read from its folder.
import controlJson from '../../../openapi/bundled/control.json' with { type: 'json' };
import type { OpenApiDocument } from '@creator-market/openapi';

export const controlDocument = controlJson as unknown as OpenApiDocument;
