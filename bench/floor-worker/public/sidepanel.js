// The floor's panel: it only opens the port the bench's probe times (bench/probe.ts), as the product's panel does at once.
chrome.runtime.connect({ name: 'toolnexus-panel' }).onMessage.addListener(() => {});
