import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The API server the dev server proxies to (`npm run dev` starts it on this port).
const api = process.env.API_URL ?? 'http://localhost:3000';

/** Ink 900 (theme colour: the status bar) and ink 950 (splash screen), as in index.css and index.html. */
const THEME_COLOR = '#0f172a';
const BACKGROUND_COLOR = '#020617';

/**
 * The first screen's code is a lazy route: the router asks for it only once the entry has run, a second
 * round trip before anything but 'Loading...' can paint. For the two pages people land on, `/` and
 * `/auth`, this adds a modulepreload of the route's chunk (and the chunks it imports that the entry does
 * not) from the HTML, chosen by location.pathname as the hero preload is (decision 0012).
 */
function preloadLandingRoutes(routes: Record<string, string>): Plugin {
  return {
    name: 'openride:preload-landing-routes',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const inEntry = new Set<string>();
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          const c = bundle[file];
          if (c?.type === 'chunk') for (const i of c.imports) walk(i, into);
        };
        if (entry) walk(entry.fileName, inEntry);
        const byPath: Record<string, string[]> = {};
        for (const [pathname, module] of Object.entries(routes)) {
          const route = chunks.find((c) => c.facadeModuleId?.endsWith(module));
          if (!route) throw new Error(`preloadLandingRoutes: no chunk for ${module}`);
          const files = new Set<string>();
          walk(route.fileName, files);
          byPath[pathname] = [...files].filter((f) => !inEntry.has(f)).map((f) => `/${f}`);
        }
        const script = `<script>(function(){var f=${JSON.stringify(byPath)}[location.pathname];if(f)f.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)})})()</script>`;
        return html.replace('</head>', `    ${script}\n  </head>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    preloadLandingRoutes({ '/': '/src/app/routes/home.tsx', '/auth': '/src/app/routes/auth.tsx' }),
    tailwindcss(),
    // Installable app: web app manifest + service worker (src/sw.ts, which also handles Web Push).
    // The worker exists only in the production build (`npm run build`, served by `npm start`): in dev,
    // `virtual:pwa-register` is a no-op, so the dev server never caches anything.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'autoUpdate',
      // Registered by features/install/register-service-worker.ts after the page has loaded.
      injectRegister: false,
      injectManifest: {
        // The app shell. Hero images are left out on purpose (a phone should not fetch all eight on its
        // first visit): the worker caches each one the first time it is shown.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/images/**'],
      },
      manifest: {
        id: '/',
        name: 'OpenRide',
        short_name: 'OpenRide',
        description: 'Book a ride in a few taps, track your driver live, or drive and earn.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        categories: ['travel', 'navigation'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          { name: 'Book a Ride', url: '/book-ride', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Go Online', url: '/driver-active', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/ws': { target: api, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/ws': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
