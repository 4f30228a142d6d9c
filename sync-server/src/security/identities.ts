import type { Party, PartyRole } from './access-world.ts';

/**
 * The seven identities of the matrix. Each signed-in one belongs to a party and is given the other
 * party's ids; anonymous is given party A's.
 */
export interface Identity {
  name: string;
  role: PartyRole | null;
  own: Party | null;
  victim: Party;
  headers: Record<string, string>;
}

export function identitiesOf(a: Party, b: Party): Identity[] {
  const signedIn = (name: string, role: PartyRole, own: Party, victim: Party): Identity => ({
    name,
    role,
    own,
    victim,
    headers: { authorization: `Bearer ${own.tokens[role]}` },
  });
  return [
    { name: 'anonymous', role: null, own: null, victim: a, headers: {} },
    signedIn('member', 'member', a, b),
    signedIn('other member', 'member', b, a),
    signedIn('coach', 'coach', a, b),
    signedIn('other coach', 'coach', b, a),
    signedIn('gym', 'gym', a, b),
    signedIn('other gym', 'gym', b, a),
  ];
}
