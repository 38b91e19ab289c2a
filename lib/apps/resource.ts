/**
 * MCP Apps (extension `io.modelcontextprotocol/ui`, SEP-1865): which tools have an app, and the
 * app's HTML as a server's `resources/read` gives it. Pure, so the worker and Node tests share
 * it; what a server sends here is untrusted, so every shape is checked and every refusal says
 * why in words the card can show.
 */
import type { ReadResourceResult, Resource, Tool } from '@modelcontextprotocol/client';
import { t } from '../i18n';
import { isRecord } from '../json';

export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

/**
 * The largest app toolnexus renders, in characters of HTML. The official examples are
 * 0.3–1 MB with every script inlined; past 5 MB a resource is more likely a mistake than an
 * interface, and it would be copied across the port and into a frame on every render.
 */
export const MAX_APP_CHARS = 5_000_000;

/** A tool's app as the panel is told of it: where it lives, or why it cannot be shown. */
export type AppRef = { resourceUri: string } | { problem: string };

/** Origins an app may reach, as its resource declares them (spec: `_meta.ui.csp`). */
export interface AppCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** What the sandbox needs to render an app. */
export interface AppResource {
  uri: string;
  html: string;
  csp?: AppCsp;
  /** The app asks for a visible border (true), none (false), or leaves it to the host. */
  prefersBorder?: boolean;
}

/**
 * The app a tool names in `_meta.ui.resourceUri` (or the older flat `_meta["ui/resourceUri"]`),
 * `undefined` when it names none, or the problem with what it names.
 */
export function appOfTool(tool: Pick<Tool, '_meta'> | undefined): AppRef | undefined {
  const meta = tool?._meta;
  if (!isRecord(meta)) return undefined;
  const ui = meta.ui;
  const uri = isRecord(ui) && ui.resourceUri !== undefined ? ui.resourceUri : meta['ui/resourceUri'];
  if (uri === undefined) return undefined;
  if (typeof uri !== 'string' || !uri.startsWith('ui://') || uri.length > 2_000) {
    return { problem: t('apps.problem.notUiResource') };
  }
  return { resourceUri: uri };
}

/** Whether `audience` may call a tool (spec: `_meta.ui.visibility`, default both the model and the app). */
function visibleTo(tool: Pick<Tool, '_meta'>, audience: 'model' | 'app'): boolean {
  const ui = tool._meta?.ui;
  return !isRecord(ui) || !Array.isArray(ui.visibility) || ui.visibility.includes(audience);
}

/** A tool an app may call. */
export const visibleToApps = (tool: Pick<Tool, '_meta'>): boolean => visibleTo(tool, 'app');

/** A tool the person runs from the Tools tab (the model's place here): not one only its server's apps may call. */
export const visibleToPerson = (tool: Pick<Tool, '_meta'>): boolean => visibleTo(tool, 'model');

function domains(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const strings = value.filter((item): item is string => typeof item === 'string');
  return strings.length > 0 ? strings : undefined;
}

function cspOf(meta: unknown): AppCsp | undefined {
  if (!isRecord(meta) || !isRecord(meta.ui) || !isRecord(meta.ui.csp)) return undefined;
  const csp = meta.ui.csp;
  const declared: AppCsp = {
    connectDomains: domains(csp.connectDomains),
    resourceDomains: domains(csp.resourceDomains),
    frameDomains: domains(csp.frameDomains),
    baseUriDomains: domains(csp.baseUriDomains),
  };
  return Object.fromEntries(Object.entries(declared).filter(([, list]) => list)) as AppCsp;
}

export class AppResourceError extends Error {
  override name = 'AppResourceError';
}

function decodeBase64(blob: string): string {
  const bytes = Uint8Array.from(atob(blob), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The app in a `resources/read` result: its HTML, and the CSP and border it declares on the
 * content (or, failing that, on its `resources/list` entry, as the spec allows).
 * @throws AppResourceError saying what is wrong with what the server sent.
 */
export function appResource(uri: string, result: ReadResourceResult, listed?: Resource): AppResource {
  const contents = result.contents.find((item) => item.uri === uri) ?? result.contents[0];
  if (!contents) throw new AppResourceError(t('apps.problem.nothingReturned', { uri }));
  const mimeType = contents.mimeType?.replace(/\s/g, '').toLowerCase();
  if (mimeType !== APP_MIME_TYPE && mimeType !== 'text/html') {
    throw new AppResourceError(
      contents.mimeType
        ? t('apps.problem.wrongType', { uri, type: contents.mimeType.slice(0, 100), appType: APP_MIME_TYPE })
        : t('apps.problem.noType', { uri, appType: APP_MIME_TYPE }),
    );
  }
  const size = 'text' in contents ? contents.text.length : contents.blob.length * 0.75;
  if (size > MAX_APP_CHARS) {
    throw new AppResourceError(t('apps.problem.tooLarge', { uri, size: (size / 1e6).toFixed(1), max: String(MAX_APP_CHARS / 1e6) }));
  }
  let html: string;
  try {
    html = 'text' in contents ? contents.text : decodeBase64(contents.blob);
  } catch {
    throw new AppResourceError(t('apps.problem.notBase64', { uri }));
  }
  if (html.trim() === '') throw new AppResourceError(t('apps.problem.empty', { uri }));
  const csp = cspOf(contents._meta) ?? cspOf(listed?._meta);
  const ui = isRecord(contents._meta) && isRecord(contents._meta.ui) ? contents._meta.ui : isRecord(listed?._meta?.ui) ? listed._meta.ui : {};
  return {
    uri,
    html,
    ...(csp && { csp }),
    ...(typeof ui.prefersBorder === 'boolean' && { prefersBorder: ui.prefersBorder }),
  };
}
