import type { RouteContract } from '@openride/shared/contract';

type Doc = { info: { title: string; description: string }; paths: Record<string, Record<string, any>>; 'x-realtime-events': Record<string, any> };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** `code` spans of the contracts' prose, and nothing else: the text is ours, but escaped all the same. */
const prose = (s: string) => escapeHtml(s).replace(/`([^`]+)`/g, '<code>$1</code>');
const schemaBlock = (label: string, schema: unknown) =>
  `<details><summary>${escapeHtml(label)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;

/** `/api/rides/:id` → `/api/rides/{id}`. */
export const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * The API reference page, rendered on the server from the document: no viewer bundle, no CDN, no script,
 * so it works offline and under any CSP. Each route: method, path, who may call it, what it does, its
 * parameters and body, and each status with its body's JSON Schema (folded).
 */
export function renderApiReferenceHtml(routes: readonly RouteContract[], doc: Doc): string {
  const tags = [...new Set(routes.map((r) => r.tag))];
  const sections = tags.map((tag) => {
    const items = routes
      .filter((r) => r.tag === tag)
      .map((route) => {
        const op = doc.paths[openApiPath(route.path)]![route.method.toLowerCase()];
        const params = (op.parameters ?? []) as { name: string; in: string; required: boolean; schema: unknown }[];
        const body = op.requestBody?.content?.['application/json']?.schema;
        const responses = Object.entries(op.responses as Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>)
          .filter(([status]) => status !== 'default')
          .map(([status, res]) => {
            const [type, media] = Object.entries(res.content ?? {})[0] ?? [];
            return `<li><b>${status}</b> ${prose(res.description)}${media?.schema ? schemaBlock(`${type} body`, media.schema) : type ? ` <i>(${escapeHtml(type)})</i>` : ''}</li>`;
          })
          .join('');
        const id = `${route.method}-${route.path}`.replace(/[^A-Za-z0-9]+/g, '-');
        return `<section class="route" id="${id}">
<h3><span class="m m-${route.method.toLowerCase()}">${route.method}</span> <code>${escapeHtml(route.path)}</code> <span class="auth">${route.auth}</span></h3>
<p>${prose(route.summary)}</p>${route.description ? `<p class="desc">${prose(route.description)}</p>` : ''}
${params.length ? `<p>Parameters: ${params.map((p) => `<code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})`).join(', ')}</p>` : ''}
${body ? schemaBlock('Request body (application/json)', body) : ''}
<ul class="responses">${responses}</ul>
</section>`;
      })
      .join('\n');
    return `<h2 id="tag-${tag}">${escapeHtml(tag)}</h2>\n${items}`;
  });
  const events = Object.entries(doc['x-realtime-events'])
    .map(([name, schema]) => `<li><code>${escapeHtml(name)}</code> ${prose(String(schema.description ?? ''))}${schemaBlock('data', schema)}</li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#111;background:#fff}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f5f5f5;padding:.5rem;overflow:auto}
.route{border-top:1px solid #ddd;padding:.5rem 0}h3{margin:.25rem 0;font-size:1rem}
.m{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;background:#555;font-size:12px;padding:2px 4px}
.m-get{background:#1a6b3c}.m-post{background:#1f4f99}.m-patch{background:#8a5a00}.m-delete{background:#a12a2a}
.auth{font-size:12px;color:#444;border:1px solid #999;border-radius:4px;padding:0 4px}.desc{color:#333}
nav a{margin-right:.75rem}
</style></head><body>
<h1>${escapeHtml(doc.info.title)}</h1>
<p>${prose(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<nav>${tags.map((t) => `<a href="#tag-${t}">${escapeHtml(t)}</a>`).join('')}<a href="#realtime">realtime</a></nav>
${sections.join('\n')}
<h2 id="realtime">realtime</h2>
<p><code>GET /ws</code> (WebSocket, session cookie, same origin): frames <code>subscribe</code>, <code>unsubscribe</code>, <code>ping</code>, <code>location</code>; events arrive as <code>{ type: 'event', channel, event, data }</code>.</p>
<ul>${events}</ul>
</body></html>`;
}
