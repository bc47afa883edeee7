/** The auth forms without the page's script in chromium (e2e/engines/no-script.ts; run by e2e/run.ts with the journeys). */
import { defineNoScriptJourneys } from './no-script';

defineNoScriptJourneys('chromium');
