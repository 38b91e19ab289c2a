// The floor's panel: it opens the port the bench's probe times (bench/probe.ts), as the product's
// panel does at once. While `drawsResults` is set (bench/floor.ts), it also draws each finished
// call's text as one line on top of the 50 it keeps: the least a panel that shows results paints.
const list = document.createElement('main');
document.body.append(list);
chrome.runtime.connect({ name: 'toolnexus-panel' }).onMessage.addListener((message) => {
  const call = globalThis.drawsResults && message.state?.activities?.[0];
  if (!call) return;
  const line = document.createElement('p');
  line.textContent = call.result?.content?.[0]?.text ?? '';
  list.prepend(line);
  if (list.childElementCount > 50) list.lastElementChild.remove();
});
