import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ── Import direction (docs/architecture.md): shared → lib, components → features → app ──────────────────
// The built-in no-restricted-imports, one block per folder. A file takes one block's options only (a later
// block replaces the rule's options, it does not add to them), so every block below lists all it forbids.
const WEB_FEATURES_DIR = 'apps/web/src/features';
const webFeatures = readdirSync(new URL(`./${WEB_FEATURES_DIR}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A relative path that climbs out of its folder into `names` (e.g. '../../drivers/api/x'). */
const climbsInto = (names) => `^(\\.\\./)+(features/)?(${names.map(escape).join('|')})(/|$)`;

const FEATURE_MESSAGE =
  'Features do not import each other: compose them in a route module (app/routes) or pass what one needs as a prop. See docs/architecture.md.';
const APP_MESSAGE = 'app/ composes features, layouts and routes; nothing below it imports it. See docs/architecture.md.';
const webFeatureBlocks = webFeatures.map((feature) => {
  const others = webFeatures.filter((other) => other !== feature);
  return {
    files: [`${WEB_FEATURES_DIR}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: others.flatMap((other) => [`@/features/${other}`, `@/features/${other}/**`]), message: FEATURE_MESSAGE },
            ...(others.length ? [{ regex: climbsInto(others), message: FEATURE_MESSAGE }] : []),
            { group: ['@/app', '@/app/**'], message: APP_MESSAGE },
            { regex: climbsInto(['app']), message: APP_MESSAGE },
          ],
        },
      ],
    },
  };
});

const DOMAIN_FREE_MESSAGE =
  'components/ and lib/ know no domain: they import no feature and no app/ module. Move the piece into the feature, or the domain-free part out of it. See docs/architecture.md.';
const webDomainFreeBlock = {
  files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['@/features', '@/features/**', '@/app', '@/app/**'], message: DOMAIN_FREE_MESSAGE },
          { regex: climbsInto(['features', 'app']), message: DOMAIN_FREE_MESSAGE },
        ],
      },
    ],
  },
};

// packages/shared is imported by both apps and imports neither. One block per folder depth, because how
// many '../' leave packages/shared/src depends on how deep the importing file sits.
const SHARED_SRC = 'packages/shared/src';
const SHARED_MESSAGE = 'packages/shared imports nothing from the apps (nor anything outside packages/shared/src). See docs/architecture.md.';
const sharedDepth = Math.max(
  ...readdirSync(new URL(`./${SHARED_SRC}`, import.meta.url), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.split(/[\\/]/).length - 1),
);
const sharedBlocks = Array.from({ length: sharedDepth + 1 }, (_, depth) => ({
  files: [`${SHARED_SRC}/${'*/'.repeat(depth)}*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/*', '@/**', 'apps', 'apps/**', '@openride/server', '@openride/server/**', '@openride/web', '@openride/web/**'],
            message: SHARED_MESSAGE,
          },
          { regex: `^(\\.\\./){${depth + 1},}`, message: SHARED_MESSAGE },
          { regex: '^/', message: SHARED_MESSAGE },
        ],
      },
    ],
  },
}));

// ── One kit (issue 28 §3): a query's loading and error states are said by QueryView, never by a hand-written
// `q.isPending ? <QueryLoading /> : q.isError ? <QueryError …/> : …` ternary. Only the kit itself
// (components/ui: QueryView, DataTable, DetailPage) renders QueryLoading and QueryError.
// The same block holds the kit's dialogs and tables (below): one no-restricted-syntax for apps/web/src.
const QUERY_STATE_MESSAGE =
  'Render a query with <QueryView query={q} loadFailed={…}>{(data) => …}</QueryView> (components/ui/query-view.tsx), not with QueryLoading/QueryError by hand. See docs/admin-kit.md.';
// A dialog is ConfirmDialog, FormDialog or Modal, and a table DataTable or StaticTable: pages import no Radix
// dialog and write no <table> (focus trap, Escape, focus return, captions, scope="col" and the phone's
// sideways scroll are the kit's, once). Said with no-restricted-syntax rather than no-restricted-imports: the
// import-direction blocks above own that rule's options per folder, and a later block would replace them.
const QUERY_TERNARY_MESSAGE =
  "Don't write a query's loading or error state as a ternary: render the query with <QueryView>, a mutation's refusal with <MutationError error={m.error}>, a notice with <Alert>{cond && words}</Alert> (components/ui). See docs/admin-kit.md.";
const RADIX_DIALOG = String.raw`/^@radix-ui\/react-(alert-)?dialog$/`;
const DIALOG_MESSAGE =
  "Use the kit's dialogs, not Radix's: ConfirmDialog (are you sure, a reason), FormDialog (a form in a dialog) or Modal (anything else, a drawer) from components/ui. See docs/admin-kit.md.";
const TABLE_MESSAGE =
  "Use the kit's tables, not a <table>: DataTable (a server list: paging, search, sort, export) or StaticTable (a small fixed list) from components/ui. See docs/admin-kit.md.";
const ALERT_MESSAGE =
  'Don\'t write role="alert" by hand: a notice is <Alert tone=…> (components/ui/alert.tsx), a refused change <MutationError error={m.error}>, a failed load <QueryView>. See docs/admin-kit.md.';
const webQueryStateBlock = {
  files: ['apps/web/src/**/*.{ts,tsx}'],
  ignores: ['apps/web/src/components/ui/**'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: 'ImportSpecifier[imported.name=/^(QueryLoading|QueryError)$/]', message: QUERY_STATE_MESSAGE },
      { selector: 'JSXOpeningElement[name.name=/^(QueryLoading|QueryError)$/]', message: QUERY_STATE_MESSAGE },
      { selector: `ImportDeclaration[source.value=${RADIX_DIALOG}]`, message: DIALOG_MESSAGE },
      { selector: `ImportExpression[source.value=${RADIX_DIALOG}]`, message: DIALOG_MESSAGE },
      { selector: "JSXOpeningElement[name.name='table']", message: TABLE_MESSAGE },
      // A notice announced with role="alert" written in a page (issue 28 §3): the kit says it once.
      { selector: "JSXAttribute[name.name='role'][value.value='alert']", message: ALERT_MESSAGE },
      // A query's state shown by hand in the page's children: `{q.isLoading ? <Spinner/> : …}`, `{q.isError ? <p>…</p> : null}`.
      {
        selector: ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > ConditionalExpression[test.property.name=/^(isLoading|isError)$/]',
        message: QUERY_TERNARY_MESSAGE,
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'data/**', 'coverage/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'off',
    },
  },
  {
    // Routes are thin edges (DESIGN.md): parse, call one verb, answer. A query in a route is a verb or a
    // repo function that nobody else can reuse or test, so SQL belongs in <verb>-<noun>.ts or <domain>.repo.ts.
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom|with)$/]",
          message: 'No SQL in routes: move the query into a verb (<verb>-<noun>.ts) or the domain repo (<domain>.repo.ts).',
        },
      ],
      'no-restricted-imports': ['error', { paths: [{ name: 'kysely', message: 'No SQL in routes: queries (and `sql`) live in verbs and repos.' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...webFeatureBlocks,
  webDomainFreeBlock,
  webQueryStateBlock,
  ...sharedBlocks,
);
