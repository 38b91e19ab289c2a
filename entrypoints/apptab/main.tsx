/**
 * An MCP App in a browser tab of its own (its "Open in a tab"): the result it belongs to,
 * found by id in the worker's state over the same port the panel uses, and the app over the
 * whole tab. The app's requests go through the worker exactly as from the panel.
 */
import { effect } from '@preact/signals';
import { render } from 'preact';
import browser from 'webextension-polyfill';
import { AppTab } from '@/components/apps/AppTab';
import type { AppPorts } from '@/components/apps/AppSlot';
import { remoteCommands } from '@/lib/commands';
import { asks, connect, connected, hubState, send } from '../sidepanel/connection';
import '../sidepanel/style.css';

const activityId = decodeURIComponent(location.hash.slice(1));
const commands = remoteCommands(send);
const ports: AppPorts = {
  frameUrl: browser.runtime.getURL('/appframe.html'),
  hostVersion: browser.runtime.getManifest().version,
  loadApp: asks.loadApp,
  callTool: asks.appCallTool,
  readResource: asks.appReadResource,
  checkLink: asks.checkLink,
  openLink: commands.openLink,
};

function Root() {
  return <AppTab state={hubState.value} connected={connected.value} activityId={activityId} ports={ports} />;
}

effect(() => {
  const call = hubState.value?.activities.find((activity) => activity.id === activityId);
  if (call?.kind === 'tool') document.title = `${call.tool} — toolnexus app`;
});

connect({ onFocusRequest: () => {}, onExported: () => {} });
render(<Root />, document.getElementById('app')!);
