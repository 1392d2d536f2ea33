import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument, documentedRoutes } from '../http/openapi';
import { renderApiMarkdown } from '../http/openapi-markdown';

/** `npm run docs:api`: regenerates docs/api.md from the contracts (a test fails when it is stale). */
const opts = { production: false };
const target = new URL('../../../../docs/api.md', import.meta.url);
writeFileSync(target, renderApiMarkdown(documentedRoutes(opts), buildOpenApiDocument(opts)));
console.log(`wrote ${target.pathname}`);
