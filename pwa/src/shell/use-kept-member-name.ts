import { useEffect } from 'react';
import { tokenStore } from '../api/index.ts';

/**
 * A member's sign-in answers no name, so until the dashboard loads /api/me the site bar would show the
 * email's initial: the profile kept on this device from an earlier visit gives the name at once.
 */
export function useKeptMemberName(profileId: string | null): void {
  useEffect(() => {
    if (!profileId) return;
    let live = true;
    // Loaded on demand, like the rest of the device's storage: public pages never download Dexie.
    void import('../data/me-profile-cache.ts')
      .then(({ loadMeProfile }) => loadMeProfile('user', profileId))
      .then((kept) => {
        if (live && kept?.profile.name) tokenStore.setProfileName(kept.profile.name);
      });
    return () => {
      live = false;
    };
  }, [profileId]);
}
