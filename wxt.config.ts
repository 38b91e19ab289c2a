import { readFileSync } from 'node:fs';
import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { catalogAssets } from './locales/build.ts';
import { panelFirstPart } from './locales/firstPart.vite.ts';
import { noCodeFromStrings } from './codeFromStrings.vite.ts';
import { rjsfMarkdownAlias, rjsfPlugins } from './rjsf.vite.ts';

// `npm run zip` sets TOOLNEXUS_STORE=1: a store package carries no `key` (the store assigns the
// id) and is built beside the dev build, never over it, since the e2e tests load the dev build by
// its key's id. An environment variable rather than WXT's `--mode store`: the mode also becomes
// NODE_ENV, which would ship the libraries' development code and an indented manifest.
const storePackage = process.env.TOOLNEXUS_STORE === '1';

// A committed public key pins the extension id (bekjilnimdjfgknlplojgnmbcojiihao) so the
// OAuth redirect URL and the e2e tests do not change with the checkout folder.
// TOOLNEXUS_EXTENSION_KEY replaces it with your own (README: "Your own extension id").
const extensionKey = storePackage ? undefined : (process.env.TOOLNEXUS_EXTENSION_KEY ?? readFileSync('keys/dev-extension-key.txt', 'utf8').trim());

// Firefox: the add-on id plays the key's part (MV3 requires one, and the identity redirect URL,
// https://<sha1 of the id>.extensions.allizom.org/, follows from it). 140 is the first ESR
// with data_collection_permissions; optional_host_permissions needs 128. Desktop only: no
// `gecko_android`, as Firefox for Android has no sidebar and nothing here tests it (README, Firefox).
const geckoSettings = {
  gecko: {
    id: process.env.TOOLNEXUS_GECKO_ID ?? 'toolnexus@toolnexus',
    strict_min_version: '140.0',
    // Servers get what the person answers; nothing goes to the extension's authors.
    data_collection_permissions: { required: ['none'] },
  },
};

/**
 * Sandbox pages' policy, the same in both browsers: where Firefox applies it (154+), the app's
 * blob: document made under it takes it on, and Firefox's default (`script-src 'self'`) would
 * refuse the app's inline script. No 'unsafe-eval': the Apps spec's default policy has none
 * (lib/apps/csp.ts). docs/store/firefox-review.md says why the rest stays.
 */
const APP_SANDBOX_CSP = "sandbox allow-scripts allow-forms; script-src 'self' 'unsafe-inline' blob: data: https: http:; object-src 'none'";

export default defineConfig({
  // Every module says what it uses: WXT's auto-imports would let any file (lib/ and the worker
  // included) reach a component by a free name, and pull the panel's code into the worker.
  imports: false,
  // The product's words: one file per language in locales/ (docs/i18n.md), made into the
  // browser's _locales/<lang>/messages.json by WXT's own i18n module, with its key types.
  modules: ['@wxt-dev/i18n/module'],
  hooks: {
    // After the module's own hook (WXT runs modules' hooks before the config's): each catalog says
    // which language it is, and TOOLNEXUS_LOCALE=pseudo puts the pseudo-locale in place of English.
    'build:publicAssets': (_, assets) => catalogAssets(assets, process.env.TOOLNEXUS_LOCALE),
    // `imports: false` leaves unimport's presets in force all the same, and it takes any name
    // that looks free for theirs: the `storage` parameter of lib/auth/signOut.ts pulled WXT's
    // storage (@wxt-dev/storage, superlock, dequal: 4 KB gzip, and a createStorage() run at
    // every start) into the worker. No presets, nothing imported behind a module's back.
    'config:resolved': (wxt) => {
      if (typeof wxt.config.imports === 'object') wxt.config.imports.presets = [];
    },
  },
  ...(storePackage && { outDirTemplate: '{{browser}}-mv{{manifestVersion}}-store' }),
  zip: {
    // What addons.mozilla.org needs to rebuild the Firefox package byte for byte
    // (SOURCE_CODE_REVIEW.md, checked by `npm run zip:verify`), and nothing else.
    includeSources: [
      'entrypoints/**',
      'components/**',
      'lib/**',
      'public/**',
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'wxt.config.ts',
      'rjsf.vite.ts',
      // The catalogs, and the build step that makes the browser's _locales from them.
      'locales/**',
      'codeFromStrings.vite.ts',
      // wxt.config.ts reads the dev key whenever it configures Chrome, `wxt prepare` (postinstall) included.
      'keys/**',
      'SOURCE_CODE_REVIEW.md',
      'README.md',
      'CHANGELOG.md',
    ],
  },
  manifest: ({ browser }) => ({
    // locales/<lang>.yml `manifest.*`; the browser picks the language (the store listing's too).
    name: '__MSG_manifest_name__',
    description: '__MSG_manifest_description__',
    default_locale: 'en',
    // declarativeNetRequestWithHostAccess: lib/originRules.ts drops Origin from our own requests
    // to configured servers; it acts only where host access is granted, and adds no install warning.
    // activeTab: the toolbar button or the shortcut lets the panel see the current tab's address,
    // for "Look for an MCP server on <site>" (entrypoints/sidepanel/currentSite.ts); no install warning.
    permissions: [
      'storage',
      'identity',
      'notifications',
      'declarativeNetRequestWithHostAccess',
      'activeTab',
      ...(browser === 'firefox' ? [] : ['sidePanel']),
    ],
    // Loopback stays granted for development and the bundled demo; any other server
    // origin is asked for at add time.
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*', 'http://[::1]/*'],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    action: { default_title: '__MSG_manifest_name__' },
    // lib/port/messages.ts OPEN_INBOX_COMMAND; people can change the key in the browser's shortcut settings.
    commands: {
      'open-inbox': { suggested_key: { default: 'Alt+Shift+M' }, description: '__MSG_manifest_openInbox__' },
    },
    // The outer bound for MCP Apps (entrypoints/appframe.sandbox): no popups, no modals, no top
    // navigation; scripts from the web, which an app's declared CSP then narrows per app.
    content_security_policy: { sandbox: APP_SANDBOX_CSP },
    // Firefox 154+ (bug 1685123) serves these as sandbox pages, under the policy above; WXT
    // declares sandbox pages for Chromium only, and 153 ignores the key (a warning on install),
    // where the panel's sandboxed frame gives the page the same null principal.
    ...(browser === 'firefox' && { sandbox: { pages: ['appframe-firefox.html'] } }),
    ...(browser === 'firefox' ? { browser_specific_settings: geckoSettings } : extensionKey && { key: extensionKey }),
    // The organisation's policy (ADMIN.md). Chrome checks what an admin sets against this schema
    // before the extension sees it; Firefox reads policies.json's 3rdparty section unchecked and
    // has no such key. Every key is typed as loosely as Chrome allows: lib/policy judges the rest.
    ...(browser !== 'firefox' && { storage: { managed_schema: 'managed-schema.json' } }),
  }),
  vite: () => ({
    // No dependency code that makes code or markup from a string (codeFromStrings.vite.ts).
    // …and the panel's first part of the catalog, the messages its first load asks for (locales/firstPart.vite.ts).
    plugins: [preact(), ...rjsfPlugins, noCodeFromStrings, panelFirstPart(process.env.TOOLNEXUS_LOCALE)],
    // rjsf's own markdown, and its registry without the parts only a name reaches (rjsf.vite.ts).
    resolve: { alias: [rjsfMarkdownAlias] },
    // Rolldown's default constant inlining ('smart') pastes an imported string into every
    // condition that reads it: tldts's 69 KB suffix-label table ended up in background.js three
    // times, 66 KB of its 228 KB gzip. Off, the worker is 162 KB and the panel unchanged.
    build: {
      rolldownOptions: { optimization: { inlineConst: false } },
      // Vite preloads a lazy chunk's imports with a <link rel=modulepreload> each, appended to the
      // document in the task that asks for the chunk: a panel opening onto its Inbox spent 40 of
      // its 83 ms there (the hidden Tools tab's chunk and the forms'; bench/findings.md). The
      // files are the extension's own, so the import itself reads them at no network cost.
      modulePreload: false,
    },
  }),
});
