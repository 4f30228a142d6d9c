import type { ReactNode } from 'react';
import { tenantKindOf, type AccountKind } from '@mastr/rules/roles.ts';
import { TenantDataProvider } from '../data/index.ts';
import { useSession } from '../session/index.ts';

/**
 * The local data of whoever is signed in, for a dashboard of that kind. Here, not in data/: the data
 * layer sits below session/, whose logout wipes it (decision 192).
 */
export function SignedInTenantData({ kind, children }: { kind: AccountKind; children: ReactNode }) {
  const { userInfo } = useSession();
  return (
    <TenantDataProvider kind={tenantKindOf(kind)} tenantId={userInfo?.profileId ?? ''}>
      {children}
    </TenantDataProvider>
  );
}
