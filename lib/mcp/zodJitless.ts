// zod probes `new Function` on first use; under the MV3 CSP that probe logs a violation.
// Imported before the SDK so the probe never runs.
import { config } from 'zod';

config({ jitless: true });
