// The memberships domain's public surface: what other folders may import from it.
export { changeMembership, type MembershipOutcome, requestGym } from './memberships-service.ts';
