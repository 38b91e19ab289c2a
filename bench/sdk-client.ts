/** The raw SDK v2 client in Node, set up as the extension sets up its own (lib/mcp/client.ts). */
import { Client, StreamableHTTPClientTransport, type PriorDiscovery } from '@modelcontextprotocol/client';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';

export interface SdkClientOptions {
  /** Answers `elicitation/create`; without it the client does not offer elicitation. */
  onElicit?: (params: { message: string }) => Promise<{ action: 'accept' | 'decline' | 'cancel' }>;
  /** A known era, as the worker passes the one it remembers (lib/mcp/eras.ts): no probe. */
  prior?: PriorDiscovery;
}

export async function connectSdkClient(url: string, options: SdkClientOptions = {}): Promise<Client> {
  const client = new Client(
    { name: 'bench-sdk', version: '0' },
    {
      capabilities: options.onElicit ? { elicitation: { form: {}, url: {} } } : {},
      versionNegotiation: { mode: 'auto' },
      // What the worker runs (Node would otherwise pick Ajv).
      jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
    },
  );
  if (options.onElicit) {
    const onElicit = options.onElicit;
    client.setRequestHandler('elicitation/create', (request) => onElicit(request.params as { message: string }));
  }
  await client.connect(new StreamableHTTPClientTransport(new URL(url)), options.prior ? { prior: options.prior } : undefined);
  return client;
}

/** What the hub does for each server it connects: connect, then read every list the server offers. */
export async function connectAndList(url: string, options: SdkClientOptions = {}): Promise<Client> {
  const client = await connectSdkClient(url, options);
  const offers = client.getServerCapabilities() ?? {};
  await Promise.all([
    offers.tools ? client.listTools() : null,
    offers.resources ? client.listResources() : null,
    offers.resources ? client.listResourceTemplates() : null,
    offers.prompts ? client.listPrompts() : null,
  ]);
  return client;
}

/** Calls `echo` once per text, one after another, checking each reply; resolves with each round trip in ms. */
export async function sdkEchoCalls(client: Client, texts: string[]): Promise<number[]> {
  const durations: number[] = [];
  for (const text of texts) {
    const started = performance.now();
    const result = await client.callTool({ name: 'echo', arguments: { text } });
    durations.push(performance.now() - started);
    const echoed = (result.content as Array<{ text?: string }> | undefined)?.[0]?.text;
    if (echoed !== text) throw new Error(`SDK echo returned ${JSON.stringify(echoed)}`);
  }
  return durations;
}
