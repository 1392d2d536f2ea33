import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildOpenApiDocument } from '../http/openapi';

/**
 * `npm run lint:openapi` writes the document a development server serves at /api/openapi.json to a file
 * (default: test-results/openapi.json, or the path given), for `redocly lint` to read (redocly.yaml, decision 0082).
 */
const target = resolve(process.argv[2] ?? 'test-results/openapi.json');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument({ production: false }), null, 2)}\n`);
console.log(`wrote ${target}`);
