import type { CoachProfileDoc, GymProfileDoc, MembershipDoc } from '@mastr/rules/documents.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';

/**
 * The demo world `npm start` seeds: three UK gyms, four coaches and two members, all verified,
 * all with the same password. Ids are fixed so seeding again finds what it wrote before.
 * Mobiles are in Ofcom's 07700 900xxx range, reserved for drama and never assigned.
 */
export const DEMO_PASSWORD = 'Mastr#Demo1';

interface DemoAccountBase {
  profileId: string;
  email: string;
  mobile: string;
}

export interface DemoGym extends DemoAccountBase {
  gymName: string;
  profile: Partial<GymProfileDoc>;
}

export interface DemoCoach extends DemoAccountBase {
  firstName: string;
  lastName: string;
  profile: Partial<CoachProfileDoc>;
}

export interface DemoMember extends DemoAccountBase {
  firstName: string;
}

const THURSDAY_6PM = { weekday: 4, time: 18 * 3600, cancelled: false };

/** The first gym is the demo gym: it runs the Mastr class and holds the demo passes. */
export const DEMO_GYMS: readonly DemoGym[] = [
  {
    profileId: '5eed00000000000000000a01',
    email: 'gym@demo.mastr.uk',
    mobile: '07700 900001',
    gymName: 'Southbank Combat Club',
    profile: {
      address: {
        addressLineOne: 'Arch 14, Bermondsey Yard',
        addressLineTwo: 'Druid Street',
        addressTownOrCity: 'London',
        addressPostalCode: 'SE1 2HH',
      },
      bio: 'Railway-arch gym by London Bridge: MMA, no-gi and boxing seven days a week, with a kids academy on weekend mornings.',
      adultDayPassPrice: 1500,
      kidsDayPassPrice: 800,
      mastrClassActive: true,
      mastrClassDefault: THURSDAY_6PM,
    },
  },
  {
    profileId: '5eed00000000000000000a02',
    email: 'ironhouse@demo.mastr.uk',
    mobile: '07700 900002',
    gymName: 'Ironhouse MMA',
    profile: {
      address: {
        addressLineOne: 'Unit 3, Cotton Mill',
        addressLineTwo: 'Pollard Street',
        addressTownOrCity: 'Manchester',
        addressPostalCode: 'M4 7AJ',
      },
      bio: 'Two floors in an old Ancoats mill: a full cage, a wrestling room and a strength area. Fighters and first-timers train side by side.',
      adultDayPassPrice: 1200,
      kidsDayPassPrice: 700,
    },
  },
  {
    profileId: '5eed00000000000000000a03',
    email: 'harbourside@demo.mastr.uk',
    mobile: '07700 900003',
    gymName: 'Harbourside Boxing & BJJ',
    profile: {
      address: {
        addressLineOne: '21 Wapping Wharf',
        addressLineTwo: 'Gaol Ferry Steps',
        addressTownOrCity: 'Bristol',
        addressPostalCode: 'BS1 6WP',
      },
      bio: 'A boxing ring and 120 square metres of mats on Bristol harbour. Gi and no-gi Jiu-Jitsu, amateur boxing and judo.',
      adultDayPassPrice: 1000,
      kidsDayPassPrice: 600,
    },
  },
].map((gym) => ({
  ...gym,
  // Inactive and without a plan until payments are set up (decisions.md "Going live", 51): each start
  // onboards the demo gyms and coaches on the local test provider and pays each demo gym's Basic plan
  // through its hosted checkout (local-test-provider.ts onboardDemoPayees); account.updated and the
  // subscription events then make them Active and subscribed, so the plan shown is one Stripe knows
  // and Manage Plan opens it. With real Stripe keys they stay Inactive until onboarded and subscribed.
  profile: {
    status: false,
    subscribed: false,
    mastrPlan: null,
    stripeAccountDetailsSubmittedStatus: false,
    ...gym.profile,
  },
}));

export const DEMO_GYM = DEMO_GYMS[0];

export const DEMO_COACHES: readonly DemoCoach[] = [
  {
    profileId: '5eed00000000000000000c01',
    email: 'coach@demo.mastr.uk',
    mobile: '07700 900011',
    firstName: 'Jordan',
    lastName: 'Hayes',
    profile: {
      discipline: 'MMA',
      price: 4000,
      sessionPreferenceType: '1 to 1',
      instagramUsername: 'jordanhayesmma',
      tiktokUsername: 'jordanhayes.mma',
      youtubeUsername: 'JordanHayesMMA',
    },
  },
  {
    profileId: '5eed00000000000000000c02',
    email: 'priya@demo.mastr.uk',
    mobile: '07700 900012',
    firstName: 'Priya',
    lastName: 'Shah',
    profile: {
      discipline: 'Jiu-Jitsu',
      price: 3500,
      sessionPreferenceType: 'Dual Sessions',
      instagramUsername: 'priyashahbjj',
      tiktokUsername: 'priya.rolls',
      youtubeUsername: 'PriyaShahBJJ',
    },
  },
  {
    profileId: '5eed00000000000000000c03',
    email: 'tom@demo.mastr.uk',
    mobile: '07700 900013',
    firstName: 'Tom',
    lastName: 'Okafor',
    profile: {
      discipline: 'Boxing',
      price: 3000,
      sessionPreferenceType: 'No Preference',
      instagramUsername: 'tomokaforboxing',
      tiktokUsername: 'tomokafor',
      youtubeUsername: 'TomOkaforBoxing',
    },
  },
  {
    profileId: '5eed00000000000000000c04',
    email: 'ellie@demo.mastr.uk',
    mobile: '07700 900014',
    firstName: 'Ellie',
    lastName: 'Martin',
    profile: {
      discipline: 'Wrestling',
      price: 4500,
      sessionPreferenceType: '1 to 1',
      instagramUsername: 'elliemartinwrestles',
      tiktokUsername: 'ellie.wrestles',
      youtubeUsername: 'EllieMartinWrestling',
    },
  },
].map((coach) => ({
  ...coach,
  // Inactive until onboarded, like the gyms above.
  profile: { status: false, stripeAccountDetailsSubmittedStatus: false, ...coach.profile },
}));

export const DEMO_MEMBERS: readonly DemoMember[] = [
  { profileId: '5eed00000000000000000b01', email: 'member@demo.mastr.uk', mobile: '07700 900021', firstName: 'Alex' },
  { profileId: '5eed00000000000000000b02', email: 'sam@demo.mastr.uk', mobile: '07700 900022', firstName: 'Sam' },
];

/** Coach-gym relations: registered ones fill the gym hubs; one request is left pending for the demo gym to answer. */
export const DEMO_MEMBERSHIPS: readonly Pick<MembershipDoc, 'gymId' | 'coachId' | 'state'>[] = [
  { gymId: DEMO_GYMS[0].profileId, coachId: DEMO_COACHES[0].profileId, state: 'registered' },
  { gymId: DEMO_GYMS[1].profileId, coachId: DEMO_COACHES[0].profileId, state: 'registered' },
  { gymId: DEMO_GYMS[0].profileId, coachId: DEMO_COACHES[1].profileId, state: 'registered' },
  { gymId: DEMO_GYMS[2].profileId, coachId: DEMO_COACHES[2].profileId, state: 'registered' },
  { gymId: DEMO_GYMS[1].profileId, coachId: DEMO_COACHES[3].profileId, state: 'registered' },
  { gymId: DEMO_GYMS[0].profileId, coachId: DEMO_COACHES[3].profileId, state: 'pending' },
];

export interface DemoLogin {
  kind: AccountKind;
  email: string;
  name: string;
}

/** Every demo sign-in, for the start-up banner (the README lists the same table). */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  ...DEMO_GYMS.map((g) => ({ kind: 'gym' as const, email: g.email, name: g.gymName })),
  ...DEMO_COACHES.map((c) => ({ kind: 'coach' as const, email: c.email, name: `${c.firstName} ${c.lastName}` })),
  ...DEMO_MEMBERS.map((m) => ({ kind: 'user' as const, email: m.email, name: m.firstName })),
];
