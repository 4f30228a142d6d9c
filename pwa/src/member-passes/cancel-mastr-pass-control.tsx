import { mastrPassCancellation } from '@mastr/rules/refunds.ts';
import {
  cancelMemberMastrPass,
  mastrCancelledText,
  mastrCancelPrompt,
  type MemberCancels,
  MemberPassCancel,
} from '../payments/index.ts';
import type { MemberMastrPass } from './member-passes-model.ts';

/**
 * 'Cancel' on one of the member's Mastr class passes (decision 70), as on a day pass (the same
 * control, `MemberPassCancel`): the refund of cancelling now comes from rules/refunds.ts
 * `mastrPassCancellation`, which the server applies too.
 */
export function CancelMastrPassControl({
  pass,
  onCancelled,
}: {
  pass: MemberMastrPass;
  onCancelled: MemberCancels['cancelled'];
}) {
  const named = pass.booked ? `${pass.booked.date} at ${pass.booked.time}` : 'not yet booked';
  return (
    <MemberPassCancel
      pass={pass}
      srText={`Mastr Class Pass at ${pass.gymName}, ${named}`}
      title="Cancel Mastr Pass"
      keepLabel="Go Back"
      promptNow={() => mastrCancelPrompt(pass, mastrPassCancellation(pass.classStart, new Date()))}
      send={async () => {
        const answer = await cancelMemberMastrPass(pass.passId);
        return mastrCancelledText(answer?.message, mastrPassCancellation(pass.classStart, new Date()));
      }}
      onCancelled={onCancelled}
    />
  );
}
