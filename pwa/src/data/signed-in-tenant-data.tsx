import type { ReactNode } from 'react';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { useSession } from '../session/index.ts';
import { tenantKindOf } from './open-stores.ts';
import { TenantDataProvider } from './tenant-data-provider.tsx';

/** The local data of whoever is signed in, for a dashboard of that kind. */
export function SignedInTenantData({ kind, children }: { kind: AccountKind; children: ReactNode }) {
  const { userInfo } = useSession();
  return (
    <TenantDataProvider kind={tenantKindOf(kind)} tenantId={userInfo?.profileId ?? ''}>
      {children}
    </TenantDataProvider>
  );
}
