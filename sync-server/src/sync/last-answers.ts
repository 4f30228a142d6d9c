import type { UpdatesMark } from './database-updates.ts';

export interface LastAnswer {
  /** The `last_seq` this instance last answered a long-poll of the database with. */
  since: string;
  /** The database's updates mark taken just before the read behind that answer. */
  mark: UpdatesMark;
}

/** Entries kept; past this the oldest is forgotten (its devices' next poll simply reads). */
const MAX_ENTRIES = 100_000;

/**
 * Per instance, the last answer given to each tenant database's long-polls (design/sync.md "Live
 * feeds"): when a device polls again from that sequence and the updates feed has told of nothing
 * since, its read is skipped. In memory only; another instance (or a restart) just reads.
 */
export function createLastAnswers(): {
  get(dbName: string): LastAnswer | undefined;
  remember(dbName: string, answer: LastAnswer): void;
} {
  const answers = new Map<string, LastAnswer>();
  return {
    get: (dbName) => answers.get(dbName),
    remember(dbName, answer) {
      answers.delete(dbName); // re-inserted last: the map's order is oldest first
      if (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value!);
      answers.set(dbName, answer);
    },
  };
}
