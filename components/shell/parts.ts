/**
 * The parts of the panel it preloads together once it is idle (entrypoints/sidepanel/main.tsx
 * `preloadParts`), as one lazy import and so one chunk: split by tab, they were two dozen small
 * files, each gzipped on its own, and a small file packs badly (the same code is 6–8 KB gzip
 * less in one; bench/findings.md, 2026-12-06). They load in the same idle task anyway; the form
 * and the markdown renderer stay chunks of their own, since a Request or a result on the first
 * screen loads them before that task, while the servers connect.
 */
export { Help } from './Help';
export { HistoryTab } from '../history/HistoryTab';
export { PromptsTab } from '../prompts/PromptsTab';
export { ResourcesTab } from '../resources/ResourcesTab';
export { ServersTab } from '../servers/ServersTab';
export { Welcome } from '../servers/Welcome';
export { ToolsTab } from '../tools/ToolsTab';
