import { useCallback, useState } from 'react';
import type { GymSessionRequestView } from '@mastr/rules/api/me.ts';
import { ApiError, callApi, statusOf } from '../api/index.ts';
import { errorMessage, successMessage, type Message } from '../forms/index.ts';
import { useDirectoryLoad } from '../lib/index.ts';
import { applyFailure, AUCTION_TEXTS } from './auction-model.ts';

/**
 * One gym's auction (§7 auctionhouse): loaded from the server (it is the gym's live list, online
 * only), and the coach's apply, whose answer replaces the list. A 409 goes to the dismissible
 * banner at the top of the page.
 */
export function useAuction(gymId: string) {
  const load = useDirectoryLoad(`auction:${gymId}`, (signal) =>
    callApi('GET /api/me/coaches/auctionhouse/gym/{gymId}', { params: { gymId }, auth: true, signal }),
  );
  const [applied, setApplied] = useState<{ gymId: string; requests: GymSessionRequestView[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const [banner, setBanner] = useState<string | null>(null);

  const apply = useCallback(
    async (requestId: string) => {
      setBanner(null);
      if (!navigator.onLine) return setMessage(errorMessage(AUCTION_TEXTS.offline));
      setBusy(true);
      try {
        const answer = await callApi('POST /api/me/coaches/auctionhouse/apply/{gymId}/{requestId}', {
          params: { gymId, requestId },
          auth: true,
        });
        setApplied({ gymId, requests: answer.privateSessionRequestsInformation });
        setMessage(successMessage(AUCTION_TEXTS.applied));
      } catch (err) {
        const failure = applyFailure(statusOf(err), err instanceof ApiError ? err.message : '');
        if (failure.banner) {
          setMessage(null);
          setBanner(failure.text);
          window.scrollTo({ top: 0 });
        } else setMessage(errorMessage(failure.text));
      } finally {
        setBusy(false);
      }
    },
    [gymId],
  );

  const requests =
    applied?.gymId === gymId
      ? applied.requests
      : load.state === 'ready'
        ? load.data.privateSessionRequestsInformation
        : null;
  const gymName = load.state === 'ready' ? load.data.gymName : null;
  return { load, gymName, requests, busy, message, banner, dismissBanner: () => setBanner(null), apply };
}
