/** The sidebar's page driven over Marionette: the shared steps (tests/panel/contract.ts) on Firefox's own accessibility tree. */
import { Panel } from '../panel/contract';
import { Locator } from './locator';
import type { Marionette } from './marionette';

export class FirefoxPanel extends Panel<Locator> {
  constructor(marionette: Marionette) {
    super(new Locator(marionette));
  }
}
