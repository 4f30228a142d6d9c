/**
 * A realistic UK directory for the marketplace benches: public gyms with plausible names, street
 * addresses, towns and postcodes, day-pass prices and bios, plus coaches registered to them (so gym
 * cards carry coach avatars). Built from a seeded generator, so every run holds the same data. The
 * documents are the fixtures' own shapes (sync-server/src/test-support/directory-fixtures.ts).
 */
import type { CoachProfileDoc, GymProfileDoc, MembershipDoc } from '@mastr/rules/documents.ts';
import { coachDoc, gymDoc, idOf, membershipDoc } from '../../sync-server/src/test-support/directory-fixtures.ts';
import { seededRandom } from './seeded-random.ts';

/** Town, postcode area and its districts. */
const TOWNS: readonly [string, string, number][] = [
  ['London', 'E', 18],
  ['London', 'SE', 28],
  ['London', 'N', 22],
  ['London', 'SW', 20],
  ['Manchester', 'M', 40],
  ['Birmingham', 'B', 45],
  ['Leeds', 'LS', 29],
  ['Glasgow', 'G', 84],
  ['Bristol', 'BS', 41],
  ['Cardiff', 'CF', 24],
  ['Edinburgh', 'EH', 55],
  ['Liverpool', 'L', 38],
  ['Newcastle upon Tyne', 'NE', 20],
  ['Sheffield', 'S', 36],
  ['Nottingham', 'NG', 25],
  ['Leicester', 'LE', 19],
  ['Brighton', 'BN', 45],
  ['Belfast', 'BT', 17],
  ['Southampton', 'SO', 19],
  ['Plymouth', 'PL', 9],
  ['Norwich', 'NR', 14],
  ['Aberdeen', 'AB', 25],
  ['Swansea', 'SA', 9],
  ['Coventry', 'CV', 8],
  ['Hull', 'HU', 17],
  ['Reading', 'RG', 10],
  ['York', 'YO', 32],
  ['Exeter', 'EX', 39],
  ['Cambridge', 'CB', 25],
  ['Oxford', 'OX', 44],
  ['Derby', 'DE', 24],
  ['Stoke-on-Trent', 'ST', 21],
  ['Wolverhampton', 'WV', 16],
  ['Sunderland', 'SR', 9],
  ['Portsmouth', 'PO', 41],
  ['Bolton', 'BL', 9],
  ['Dundee', 'DD', 11],
];
const NAME_STARTS = [
  'Iron',
  'Northside',
  'Southside',
  'Eastside',
  'Westside',
  'Titan',
  'Apex',
  'Spartan',
  'Phoenix',
  'Lion Heart',
  'Red Corner',
  'Blue Corner',
  'Steel City',
  'Riverside',
  'Old School',
  'Brawl Street',
  'Clinch',
  'Guard Up',
  'Black Belt',
  'Warrior',
  'Gladiator',
  'Kingdom',
  'Union',
  'Harbour',
  'Foundry',
  'Forge',
  'Mill',
  'Dockside',
  'Northern',
  'Highland',
  'Valley',
];
const NAME_DISCIPLINES = [
  'Boxing',
  'MMA',
  'BJJ',
  'Jiu-Jitsu',
  'Muay Thai',
  'Kickboxing',
  'Wrestling',
  'Judo',
  'Combat',
  'Fight',
];
const NAME_ENDS = ['Club', 'Academy', 'Gym', 'Centre', 'Team', 'Collective', 'Project', 'House', ''];
const STREETS = [
  'High Street',
  'Station Road',
  'Church Lane',
  'Mill Lane',
  'Canal Street',
  'Victoria Road',
  'Queen Street',
  'King Street',
  'Market Street',
  'Park Road',
  'Albert Road',
  'Commercial Road',
  'Dock Road',
  'Bridge Street',
  'North Street',
  'Wharf Road',
];
const ESTATES = [
  'Riverside Trading Estate',
  'Canalside Business Park',
  'Victoria Works',
  'The Old Foundry',
  'Railway Arches',
  'Enterprise Park',
  'Mill Yard',
];
const FIRST_NAMES = [
  'Jordan',
  'Priya',
  'Tom',
  'Ellie',
  'Kwame',
  'Aisha',
  'Liam',
  'Sophie',
  'Callum',
  'Mia',
  'Dev',
  'Hannah',
  'Rhys',
  'Chloe',
  'Oisin',
  'Zara',
];
const LAST_NAMES = [
  'Hayes',
  'Shah',
  'Okafor',
  'Martin',
  'Mensah',
  'Begum',
  'Murphy',
  'Evans',
  'MacLeod',
  'Patel',
  'Nowak',
  'Hughes',
  'Campbell',
  'Ahmed',
];
const COACH_DISCIPLINES = ['Boxing', 'MMA', 'Jiu-Jitsu', 'Wrestling', 'Kickboxing', 'Judo', 'Muay Thai'];
/** Letters UK inward codes use (never C, I, K, M, O or V). */
const POSTCODE_LETTERS = [...'ABDEFGHJLNPQRSTUWXYZ'];

export interface UkDirectory {
  gyms: GymProfileDoc[];
  coaches: CoachProfileDoc[];
  memberships: MembershipDoc[];
}

/** A pretend image host: benches answer it in the browser, so no request leaves the machine. */
export const IMAGE_ORIGIN = 'https://img.mastr.example';

/**
 * `gymCount` public gyms and about 1.5 coaches per gym, each coach registered at one to three gyms
 * (so ~3 coaches per gym on average, a few with more than the nine a card shows).
 */
export function ukDirectory(gymCount: number, seed: number): UkDirectory {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const pence = (min: number, max: number, step: number) =>
    min + step * Math.floor(random() * ((max - min) / step + 1));

  const gyms = Array.from({ length: gymCount }, (_, i) => {
    const [town, area, districts] = pick(TOWNS);
    const discipline = pick(NAME_DISCIPLINES);
    const gymName = [pick(NAME_STARTS), discipline, pick(NAME_ENDS)].filter(Boolean).join(' ');
    const onEstate = random() < 0.4;
    const postcode = `${area}${1 + Math.floor(random() * districts)} ${Math.floor(random() * 10)}${pick(POSTCODE_LETTERS)}${pick(POSTCODE_LETTERS)}`;
    return gymDoc({
      gymName,
      address: {
        addressLineOne: onEstate
          ? `Unit ${1 + Math.floor(random() * 30)}, ${pick(ESTATES)}`
          : `${1 + Math.floor(random() * 240)} ${pick(STREETS)}`,
        addressLineTwo: onEstate ? pick(STREETS) : '',
        addressTownOrCity: town,
        addressPostalCode: postcode,
      },
      bio: `${gymName} in ${town}: ${discipline.toLowerCase()} classes for beginners to fighters, open mats at the weekend and a kids programme after school.`,
      adultDayPassPrice: pence(800, 2500, 50),
      kidsDayPassPrice: pence(500, 1200, 50),
      mastrClassActive: random() < 0.3,
      profileImage: `${IMAGE_ORIGIN}/gyms/${i}.jpg`,
      coverImage: `${IMAGE_ORIGIN}/covers/${i}.jpg`,
    });
  });

  const coaches: CoachProfileDoc[] = [];
  const memberships: MembershipDoc[] = [];
  for (let i = 0; i < Math.round(gymCount * 1.5); i += 1) {
    const coach = coachDoc({
      firstName: pick(FIRST_NAMES),
      lastName: pick(LAST_NAMES),
      discipline: pick(COACH_DISCIPLINES),
      price: pence(2500, 6000, 500),
      profileImage: `${IMAGE_ORIGIN}/coaches/${i}.jpg`,
    });
    coaches.push(coach);
    const gymIds = new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => idOf(pick(gyms))));
    for (const gymId of gymIds) memberships.push(membershipDoc(gymId, idOf(coach)));
  }
  return { gyms, coaches, memberships };
}
