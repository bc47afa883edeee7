/** The business college: articles by section, detail, neighbours, recommendations, search and likes. */
import { Hono } from 'hono';
import type { ApiDeps } from '../deps';

export function collegeApi(_deps: ApiDeps) {
  return new Hono();
}
