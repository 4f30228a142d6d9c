/** The passes on the device: a member's own, or every pass a gym has sold (its Visitors page). */
import type { RxCollection } from 'rxdb';
import type { Observable } from 'rxjs';
import type { DayPassDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import { watchDocs } from './local-queries.ts';
import type { LocalDoc } from './tenant-docs.ts';

export interface PassData {
  /** Every day pass on the device, cancelled and past ones too. */
  watchDayPasses(): Observable<DayPassDoc[]>;
  /** Every Mastr class pass on the device, cancelled and past ones too. */
  watchMastrPasses(): Observable<MastrPassDoc[]>;
}

export function createPassData(collection: RxCollection<LocalDoc>): PassData {
  return {
    watchDayPasses: () => watchDocs<DayPassDoc>(collection, 'day-pass'),
    watchMastrPasses: () => watchDocs<MastrPassDoc>(collection, 'mastr-pass'),
  };
}
