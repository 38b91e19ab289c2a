/** Node tests see the panel's words in English, from the same catalog the build ships (locales/en.yml). */
import { setCatalog } from '../lib/i18n';
import { nodeCatalog } from '../locales/read';

setCatalog(await nodeCatalog('en'));
