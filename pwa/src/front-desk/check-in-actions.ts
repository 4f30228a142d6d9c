/** Recording a check-in on this device (design/sync.md "Check-ins"); the check-in delivery sends it on. */
import type { CheckInDoc } from '@mastr/rules/documents.ts';
import type { FrontDeskData, TenantStore } from '../data/index.ts';
import { errorMessage, successMessage, type Message } from '../forms/index.ts';
import { checkInBlocker, newCheckIn, type PassView } from './front-desk-model.ts';

const CHECK_IN_MESSAGES = { done: 'Checked In.', failed: 'Check In Failed' } as const;

function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Checks a member in: refused here when the 60-minute rule (or the day) says no; otherwise the
 * record is durable in IndexedDB before 'Checked In.' shows, whatever the network does.
 */
export async function recordCheckIn(
  store: Pick<TenantStore, 'tenantId' | 'deviceId'> & { frontDesk: Pick<FrontDeskData, 'recordCheckIn'> },
  view: PassView,
  method: CheckInDoc['method'],
  now: Date = new Date(),
): Promise<Message> {
  const blocker = checkInBlocker(view);
  if (blocker) return errorMessage(blocker);
  try {
    await store.frontDesk.recordCheckIn(
      newCheckIn(view, { gymId: store.tenantId, deviceId: store.deviceId, method, now, random: randomSuffix() }),
    );
    return successMessage(CHECK_IN_MESSAGES.done);
  } catch (err) {
    console.error('Recording a check-in failed', err);
    return errorMessage(CHECK_IN_MESSAGES.failed);
  }
}
