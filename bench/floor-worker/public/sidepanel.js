// The floor's panel: it opens the port the bench's probe times (bench/probe.ts), as the product's
// panel does at once. While `drawsResults` is set (bench/floor.ts), it also draws each finished
// call's text as one line on top of the 50 it keeps: the least a panel that shows results paints.
// Each Request in the worker's inbox is drawn as the least a panel can make answerable: its
// prompt, one focused field and a Decline button (bench 2's form ready, as the product's card is
// found: `section.card.request`, `.prompt`).
const list = document.createElement('main');
document.body.append(list);
const cards = new Map();
const port = chrome.runtime.connect({ name: 'toolnexus-panel' });
port.onMessage.addListener((message) => {
  const inbox = message.state?.inbox ?? [];
  for (const request of inbox) {
    if (cards.has(request.id)) continue;
    const card = document.createElement('section');
    card.className = 'card request';
    const prompt = document.createElement('p');
    prompt.className = 'prompt';
    prompt.textContent = request.prompt;
    const field = document.createElement('input');
    const decline = document.createElement('button');
    decline.textContent = 'Decline';
    decline.addEventListener('click', () => port.postMessage({ type: 'answer', id: request.id, action: 'decline' }));
    card.append(prompt, field, decline);
    document.body.prepend(card);
    cards.set(request.id, card);
    field.focus();
  }
  for (const [id, card] of cards) {
    if (inbox.some((request) => request.id === id)) continue;
    card.remove();
    cards.delete(id);
  }
  const call = globalThis.drawsResults && message.state?.activities?.[0];
  if (!call) return;
  const line = document.createElement('p');
  line.textContent = call.result?.content?.[0]?.text ?? '';
  list.prepend(line);
  if (list.childElementCount > 50) list.lastElementChild.remove();
});
