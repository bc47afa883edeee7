/** The critical journeys in webkit (e2e/engines/journeys.ts; run by e2e/run.ts after the Chromium specs). */
import { defineJourneys } from './journeys';

defineJourneys('webkit');
