/** Seeds the business-college articles of content/college into the database (issue 5). */
import type { Database } from '../db/database';

export async function seedCollege(_db: Database, _contentDir: string): Promise<void> {}
