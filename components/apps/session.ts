/**
 * One MCP App on screen: the sandbox frame, the host side of the Apps protocol (the official
 * `AppBridge`, so no postMessage protocol is written here), and what the app asks, each
 * routed to the person or to the worker through `AppPorts`. DOM only, no extension API: the
 * panel passes in what reaches the worker.
 */
import type { CallToolResult, ContentBlock, ReadResourceResult, Resource, Tool } from '@modelcontextprotocol/client';
import {
  AppBridge,
  type McpUiDisplayMode,
  type McpUiHostCapabilities,
  type McpUiHostContext,
  PostMessageTransport,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { type Signal, signal } from '@preact/signals';
import { CallRate } from '@/lib/apps/callRate';
import type { AppResource } from '@/lib/apps/resource';
import { APP_FLOODED, APP_NAVIGATED, FLOOD_LIMIT } from '@/lib/apps/sandbox';
import { errorMessage } from '@/lib/errorMessage';
import { formatDuration } from '@/lib/i18n/format';
import { isolated, t, tn, uiLocale } from '@/lib/i18n';
import { isDestructive } from '@/lib/tools';
import type { CallView } from '@/lib/state';
import type { UrlAnalysis } from '@/lib/urls';
import { sandboxFrame } from './sandboxFrame';

/** What an app's card may ask of the worker, all on behalf of the call `activityId`. */
export interface AppPorts {
  /** The sandbox page's URL (Chromium's manifest sandbox page, Firefox's packaged page); `null` where there is none, and apps are not shown. */
  frameUrl: string | null;
  /** Firefox's `no-referrer`: the frame's page then never learns the panel's URL (the add-on's UUID), not even in `location.ancestorOrigins`. */
  frameReferrerPolicy?: ReferrerPolicy;
  /** toolnexus's version, as apps are told it. */
  hostVersion: string;
  loadApp(activityId: string): Promise<AppResource>;
  /** The app bound to a waiting Request (SEP-3118, components/inbox/RequestApp.tsx); absent where none is shown. */
  loadRequestApp?: (requestId: string) => Promise<AppResource>;
  callTool(activityId: string, tool: string, args: Record<string, unknown>): Promise<CallToolResult>;
  readResource(activityId: string, uri: string): Promise<ReadResourceResult>;
  checkLink(url: string): Promise<UrlAnalysis>;
  openLink(url: string): void;
  /** Shows the app of `activityId` in a browser tab of its own; absent where there are no tabs to open. */
  openTab?: (activityId: string) => void;
  /** Tells the worker which apps run in this page (components/apps/liveApps.ts). */
  appsRunning?: (activityIds: string[]) => void;
}

/** Why a build without a sandbox page shows no app; said where the app would be (AppFrame loads for it). */
export const noSandbox = (): string => t('apps.problem.noSandbox');

/** An app that has not finished the handshake by then is stopped: it would hold a blank card forever. */
export const INIT_TIMEOUT_MS = 10_000;
/** The tallest an inline app may make its card; past it, the full-panel view. */
export const MAX_INLINE_HEIGHT = 2_000;
const KEPT_NOTES = 50;

/** Something the app said that no model is here to read, shown to the person instead. */
export interface AppNote {
  kind: 'message' | 'context' | 'log';
  text: string;
  at: number;
}

export interface AppState {
  status: 'loading' | 'starting' | 'running' | 'stopped';
  /** Why the app is not (or no longer) shown. */
  problem?: string;
  height: number;
  mode: McpUiDisplayMode;
  notes: AppNote[];
  /** How many of the app's calls were refused for going past its rate (lib/apps/callRate.ts). */
  heldBack: number;
  /** A link the app asks to open, waiting on the person. */
  link?: { url: string; analysis: UrlAnalysis; decide: (open: boolean) => void };
  /** A destructive tool the app asks to run, waiting on the person. */
  confirm?: { tool: string; decide: (run: boolean) => void };
}

/**
 * An app bound to something other than a tool's result: a Request in the Inbox (SEP-3118,
 * components/inbox/RequestApp.tsx). It is offered `capabilities` instead of a result's, stays
 * inline within `maxHeight`, and is handed its bridge once started, with the `appCapabilities` it
 * sent (the official bridge keeps only the members it knows).
 */
export interface AppBinding {
  title: string;
  load(): Promise<AppResource>;
  capabilities: McpUiHostCapabilities;
  maxHeight: number;
  started(bridge: AppBridge, appCapabilities: Record<string, unknown>): void;
}

export interface AppSessionOptions {
  /** The call whose result the app shows; absent when it is bound to something else (`binding`). */
  call?: CallView;
  binding?: AppBinding;
  tools: Tool[];
  resources: Resource[];
  ports: AppPorts;
  theme: () => 'light' | 'dark';
  /** The app has a browser tab to itself: always the whole view. */
  inTab?: boolean;
}

/** The apps' HTML the panel holds, newest last (see AppSession.#load). */
const loadedApps = new Map<string, { listed: Resource[]; resource: Promise<AppResource> }>();
const KEPT_APPS = 8;

function describe(content: ContentBlock[] | undefined): string {
  return (content ?? [])
    .map((block) => (block.type === 'text' ? block.text : `[${block.type}]`))
    .join('\n')
    .slice(0, 4_000);
}

export class AppSession {
  readonly state: Signal<AppState>;
  readonly #options: AppSessionOptions;
  #frame: HTMLIFrameElement | null = null;
  #bridge: AppBridge | null = null;
  #initTimer: ReturnType<typeof setTimeout> | undefined;
  #delivered: { status?: string; result?: unknown } = {};
  #stopWatching: () => void = () => {};
  /** The app's pace, checked before its call crosses the port (the worker checks it again before sending). */
  readonly #rate = new CallRate();
  readonly #binding: AppBinding;
  #appCapabilities: Record<string, unknown> = {};

  constructor(options: AppSessionOptions) {
    this.#options = options;
    this.#binding = options.binding ?? this.#forResult(options.call!);
    this.state = signal<AppState>({ status: 'loading', height: 150, mode: options.inTab ? 'fullscreen' : 'inline', notes: [], heldBack: 0 });
  }

  #set(patch: Partial<AppState>): void {
    this.state.value = { ...this.state.value, ...patch };
  }

  #note(kind: AppNote['kind'], text: string): void {
    const notes = [...this.state.value.notes, { kind, text, at: Date.now() }].slice(-KEPT_NOTES);
    this.#set({ notes });
  }

  /** Loads the app's HTML and starts it in a sandbox frame inside `holder`; the two go on at once. */
  async start(holder: HTMLElement): Promise<void> {
    const { ports } = this.#options;
    if (!ports.frameUrl) return this.stop(noSandbox());
    const loaded = this.#binding.load();
    loaded.catch((error: unknown) => this.stop(t('apps.problem.notLoaded', { error: isolated(errorMessage(error)) })));
    const { frame, ready } = sandboxFrame({ url: ports.frameUrl, referrerPolicy: ports.frameReferrerPolicy }, holder);
    frame.title = this.#binding.title;
    this.#frame = frame;
    const source = frame.contentWindow!;
    this.#stopWatching = this.#watch(source);

    const bridge = new AppBridge(null, { name: 'toolnexus', version: ports.hostVersion }, this.#binding.capabilities, {
      hostContext: this.#context(holder),
    });
    this.#bridge = bridge;
    this.#handle(bridge);
    bridge.oninitialized = () => {
      clearTimeout(this.#initTimer);
      this.#set({ status: 'running' });
      this.#binding.started(bridge, this.#appCapabilities);
    };
    await bridge.connect(new PostMessageTransport(source, source));
    const [resource] = await Promise.all([loaded, ready]).catch(() => []);
    if (!resource || this.#bridge !== bridge) return;
    this.#set({ status: 'starting' });
    void bridge.sendSandboxResourceReady({ html: resource.html, ...(resource.csp && { csp: resource.csp }) });
    // The handshake's clock starts once the app has its HTML: a slow server is not the app's fault.
    this.#initTimer = setTimeout(() => this.stop(t('apps.problem.noHandshake', { time: formatDuration(INIT_TIMEOUT_MS) })), INIT_TIMEOUT_MS);
  }

  /**
   * The app's HTML, from the panel's own copy while its server's resource list is the one it
   * was read under (a `list_changed` or a reconnect replaces the list), else from the worker:
   * an app's HTML is hundreds of KB, and the port takes tens of ms to carry it.
   */
  #load(call: CallView): Promise<AppResource> {
    const { resources, ports } = this.#options;
    const key = `${call.serverId} ${call.app && 'resourceUri' in call.app ? call.app.resourceUri : ''}`;
    const hit = loadedApps.get(key);
    if (hit?.listed === resources) return hit.resource;
    const resource = ports.loadApp(call.id);
    loadedApps.delete(key);
    loadedApps.set(key, { listed: resources, resource });
    if (loadedApps.size > KEPT_APPS) loadedApps.delete(loadedApps.keys().next().value!);
    resource.catch(() => loadedApps.get(key)?.resource === resource && loadedApps.delete(key));
    return resource;
  }

  /** The call moved on (its result came, or it was cancelled): the app is told once. */
  update(call: CallView): void {
    this.#options.call = call;
    const bridge = this.#bridge;
    if (!bridge || this.state.value.status !== 'running') return;
    if (this.#delivered.status === call.status && this.#delivered.result === call.result) return;
    this.#delivered = { status: call.status, result: call.result };
    if (call.status === 'done' && call.result) void bridge.sendToolResult(call.result);
    else if (call.status === 'cancelled' || call.status === 'failed') void bridge.sendToolCancelled({ reason: call.error ?? call.status });
  }

  themeChanged(): void {
    void this.#bridge?.sendHostContextChange({ theme: this.#options.theme() });
  }

  setMode(mode: McpUiDisplayMode): void {
    this.#set({ mode });
    void this.#bridge?.sendHostContextChange({ displayMode: mode });
  }

  /** Ends the app, saying why (or quietly, when its card goes). */
  stop(problem?: string): void {
    clearTimeout(this.#initTimer);
    this.#stopWatching();
    const bridge = this.#bridge;
    this.#bridge = null;
    if (bridge) {
      // The spec's graceful end; the frame goes with its card regardless, so nothing waits on it.
      bridge.teardownResource({}).catch(() => {});
      void bridge.close().catch(() => {});
    }
    this.#frame?.remove();
    this.#frame = null;
    this.#rate.close(new Error('The app was closed.'));
    this.state.value.link?.decide(false);
    this.state.value.confirm?.decide(false);
    // A stopped app leaves the full panel: its overlay would cover the panel with nothing in it.
    this.#set({ status: 'stopped', problem, link: undefined, confirm: undefined, mode: this.#options.inTab ? 'fullscreen' : 'inline' });
  }

  /** A tool's app: all a result's capabilities; once started, the call's input, then its result. */
  #forResult(call: CallView): AppBinding {
    return {
      title: t('apps.label', { tool: call.tool }),
      load: () => this.#load(call),
      capabilities: {
        openLinks: {},
        serverTools: {},
        serverResources: {},
        logging: {},
        message: { text: {} },
        updateModelContext: { text: {}, structuredContent: {} },
      },
      maxHeight: MAX_INLINE_HEIGHT,
      started: (bridge) => {
        void bridge.sendToolInput({ arguments: call.args });
        this.update(this.#options.call!);
      },
    };
  }

  #context(holder: HTMLElement): McpUiHostContext {
    const tool = this.#options.tools.find((item) => item.name === this.#options.call?.tool);
    return {
      ...(tool && { toolInfo: { tool } }),
      theme: this.#options.theme(),
      displayMode: this.state.value.mode,
      availableDisplayModes: this.#options.inTab ? ['fullscreen'] : this.#options.binding ? ['inline'] : ['inline', 'fullscreen'],
      containerDimensions: { width: holder.clientWidth || 320, maxHeight: this.#binding.maxHeight },
      // The panel's language, not the browser's: the app answers in the words around it (MCP Apps hostContext.locale).
      locale: uiLocale(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      platform: 'web',
      userAgent: `toolnexus/${this.#options.ports.hostVersion}`,
    };
  }

  /**
   * Before the bridge hears a message: only the sandbox frame's (opaque origin), at a bounded
   * rate, and the sandbox's own word that the app left its page ends the app.
   */
  #watch(source: Window): () => void {
    let windowStart = 0;
    let count = 0;
    const listener = (event: MessageEvent) => {
      if (event.source !== source) return;
      const method = (event.data as { method?: unknown } | null)?.method;
      const declared = (event.data as { params?: { appCapabilities?: unknown } } | null)?.params?.appCapabilities;
      if (method === 'ui/initialize' && typeof declared === 'object' && declared) this.#appCapabilities = declared as Record<string, unknown>;
      const now = Date.now();
      if (now - windowStart > 1_000) {
        windowStart = now;
        count = 0;
      }
      count += 1;
      if (event.origin !== 'null' || count > FLOOD_LIMIT || method === APP_NAVIGATED || method === APP_FLOODED) {
        event.stopImmediatePropagation();
        if (event.origin !== 'null') return;
        this.stop(method === APP_NAVIGATED ? t('apps.problem.navigated') : tn('apps.problem.flooded', FLOOD_LIMIT));
      }
    };
    window.addEventListener('message', listener, true);
    return () => window.removeEventListener('message', listener, true);
  }

  #handle(bridge: AppBridge): void {
    const { call, ports } = this.#options;
    // An app bound to a Request is offered no server access: what it may do is answer.
    // The errors thrown here go to the app over the bridge, in English like any protocol error; the person reads the card's words.
    const refuse = () => new Error('This app may not reach its server.');
    bridge.oncalltool = async ({ name, arguments: args }) => {
      const tool = this.#options.tools.find((item) => item.name === name);
      if (!call) throw refuse();
      await this.#paced();
      if (isDestructive(tool) && !(await this.#ask<'confirm'>('confirm', { tool: name }))) {
        throw new Error(`The person chose not to run ${name}.`);
      }
      return ports.callTool(call.id, name, args ?? {});
    };
    bridge.onreadresource = async ({ uri }) => {
      if (!call) throw refuse();
      await this.#paced();
      return ports.readResource(call.id, uri);
    };
    bridge.onlistresources = async () => ({ resources: this.#options.resources });
    bridge.onopenlink = async ({ url }) => {
      const analysis = await ports.checkLink(url);
      if (analysis.refused) {
        this.#note('message', t('apps.problem.refusedLink', { reason: analysis.refused }));
        return { isError: true };
      }
      if (!(await this.#ask<'link'>('link', { url, analysis }))) return { isError: true };
      ports.openLink(url);
      return {};
    };
    bridge.onmessage = async ({ content }) => {
      this.#note('message', describe(content));
      return {};
    };
    bridge.onupdatemodelcontext = async ({ content, structuredContent }) => {
      this.#note('context', describe(content) || JSON.stringify(structuredContent ?? {}).slice(0, 4_000));
      return {};
    };
    bridge.onloggingmessage = ({ level, data }) =>
      this.#note('log', `${level}: ${typeof data === 'string' ? data : JSON.stringify(data)}`.slice(0, 2_000));
    bridge.onsizechange = ({ height }) => {
      if (typeof height === 'number' && Number.isFinite(height))
        this.#set({ height: Math.min(Math.max(Math.ceil(height), 24), this.#binding.maxHeight) });
    };
    bridge.onrequestdisplaymode = async ({ mode }) => {
      const granted = (mode === 'fullscreen' && !this.#options.binding) || this.#options.inTab ? 'fullscreen' : 'inline';
      this.setMode(granted);
      return { mode: granted };
    };
    bridge.onrequestteardown = () => this.stop(t('apps.problem.closedItself'));
  }

  /** Waits for the app's turn; a call past its rate is refused here, before any work is done for it. */
  async #paced(): Promise<void> {
    try {
      await this.#rate.take();
    } catch (error) {
      this.#set({ heldBack: this.#rate.refused });
      throw error;
    }
  }

  /** Puts a question on the card and waits for the person's choice. */
  #ask<K extends 'link' | 'confirm'>(key: K, question: Omit<NonNullable<AppState[K]>, 'decide'>): Promise<boolean> {
    this.state.value[key]?.decide(false);
    return new Promise((resolve) => {
      const decide = (yes: boolean) => {
        if (this.state.value[key]?.decide === decide) this.#set({ [key]: undefined } as Partial<AppState>);
        resolve(yes);
      };
      this.#set({ [key]: { ...question, decide } } as Partial<AppState>);
    });
  }
}
