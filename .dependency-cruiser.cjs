/**
 * The house's import rules (docs/layers.md), checked by `npm test` through
 * tests/unit/rules.test.ts, which also plants an offender for each rule.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle makes two files one: neither can be read, tested or moved alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-runs-in-node',
      severity: 'error',
      comment: 'lib/ is the protocol and the state and runs in Node: no UI, no browser extension API.',
      from: { path: '^lib/' },
      to: { path: ['^components/', '^entrypoints/', '^node_modules/(webextension-polyfill|wxt|preact|@preact)/'] },
    },
    {
      name: 'components-are-presentational',
      severity: 'error',
      comment: 'components/ render what they are given: no ports, no browser APIs.',
      from: { path: '^components/' },
      to: { path: ['^entrypoints/', '^node_modules/webextension-polyfill/', '^node_modules/wxt/'] },
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment: 'An import the tools cannot follow would hide a breach of every rule above (the @/ alias must resolve).',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^\\.output/', '^\\.wxt/', '^node_modules/\\.cache/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
