import { SIGNING_KEYS_DOC_ID } from '@mastr/rules/doc-ids.ts';
import type { SigningKeysDoc } from '@mastr/rules/documents.ts';
import type { Couch } from '../../../couch/couch.ts';
import { tenantDb, updateDoc } from '../../../couch/tenant-docs.ts';

/**
 * The gym's `pass-signing-keys` document: the public keys its front desks verify entry tokens with,
 * replicated to them. Read-modify-write under its revision (`change` gets the stored copy or null).
 */
export async function updateSigningKeys(
  couch: Couch,
  gymId: string,
  change: (current: SigningKeysDoc | null) => SigningKeysDoc | null,
): Promise<void> {
  await updateDoc(tenantDb<SigningKeysDoc>(couch, 'gym', gymId), SIGNING_KEYS_DOC_ID, change);
}
