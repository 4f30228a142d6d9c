import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOVED_SOCIAL } from '@mastr/rules/api/account.ts';
import type { GymListItem } from '@mastr/rules/api/directory.ts';
import { MAX_PROFILE_IMAGE_BYTES } from '@mastr/rules/account-fields.ts';
import { profileDocId } from '@mastr/rules/doc-ids.ts';
import type { CoachProfileDoc, GymProfileDoc, UserProfileDoc } from '@mastr/rules/documents.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { DB } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { IMAGE_REFUSALS } from '../services/accounts/index.ts';
import { givenCoach, givenGym, givenMember } from '../test-support/directory-fixtures.ts';
import { givenSellingGym } from '../test-support/payment-fixtures.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import { MISSING_ACCOUNT_OR_PROFILE_ID } from '@mastr/rules/texts.ts';

type Profile = GymProfileDoc | CoachProfileDoc | UserProfileDoc;

/** One valid edit per route: the body, what the answer and the stored profile then hold. */
interface EditCase {
  kind: AccountKind;
  field: string;
  body: Record<string, unknown>;
  stored: Record<string, unknown>;
}

const GYM_CASES: EditCase[] = [
  { kind: 'gym', field: 'gym_name', body: { gymName: '  Tiger Den ' }, stored: { gymName: 'Tiger Den' } },
  {
    kind: 'gym',
    field: 'address',
    body: {
      addressLineOne: '2 Mill Lane',
      addressLineTwo: '',
      addressTownOrCity: 'York',
      addressPostalCode: 'yo1 7hh',
    },
    stored: {
      address: {
        addressLineOne: '2 Mill Lane',
        addressLineTwo: '',
        addressTownOrCity: 'York',
        addressPostalCode: 'YO1 7HH',
      },
    },
  },
  { kind: 'gym', field: 'bio', body: { bio: 'Mats and a ring.' }, stored: { bio: 'Mats and a ring.' } },
  { kind: 'gym', field: 'adultDayPass', body: { adultDayPassPrice: '12' }, stored: { adultDayPassPrice: 1200 } },
  { kind: 'gym', field: 'kidsDayPass', body: { kidsDayPassPrice: '8.50' }, stored: { kidsDayPassPrice: 850 } },
];

const COACH_CASES: EditCase[] = [
  { kind: 'coach', field: 'discipline', body: { discipline: 'Judo' }, stored: { discipline: 'Judo' } },
  {
    kind: 'coach',
    field: 'sessionPreferenceType',
    body: { sessionPreference: 'Dual Sessions' },
    stored: { sessionPreferenceType: 'Dual Sessions' },
  },
  { kind: 'coach', field: 'first_name', body: { firstName: 'Ronda' }, stored: { firstName: 'Ronda' } },
  { kind: 'coach', field: 'last_name', body: { lastName: 'Rousey' }, stored: { lastName: 'Rousey' } },
  { kind: 'coach', field: 'price', body: { price: 45 }, stored: { price: 4500 } },
  {
    kind: 'coach',
    field: 'socials/instagram',
    body: { instagram_link: '@ronda.r' },
    stored: { instagramUsername: 'ronda.r' },
  },
  {
    kind: 'coach',
    field: 'socials/tiktok',
    body: { tiktok_username: 'https://www.tiktok.com/@ronda_r' },
    stored: { tiktokUsername: 'ronda_r' },
  },
  {
    kind: 'coach',
    field: 'socials/youtube',
    body: { youtube_username: 'RondaRousey-Official' },
    stored: { youtubeUsername: 'RondaRousey-Official' },
  },
];

const PLURAL = { gym: 'gyms', coach: 'coaches', user: 'users' } as const;
const urlOf = (kind: AccountKind, field: string) => `/api/me/${PLURAL[kind]}/account/${field}`;

const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

describe('account edits (POST /api/me/{gyms|coaches|users}/account/...)', () => {
  let stack: TestStack;
  const ids: Record<AccountKind, string> = { gym: '', coach: '', user: '' };

  const post = async (kind: AccountKind, field: string, body: unknown, as: AccountKind | null = kind) =>
    stack.server.inject({
      method: 'POST',
      url: urlOf(kind, field),
      payload: body as object,
      headers: as === null ? {} : await bearerFor(stack, as, as === kind ? ids[kind] : newId()),
    });
  const profile = async <T extends Profile>(kind: AccountKind, id = ids[kind]) =>
    (await stack.couch.use(DB.profiles).get(profileDocId(kind, id))) as T;
  const messageOf = (res: { payload: string }) => (JSON.parse(res.payload) as { message: string }).message;

  beforeAll(async () => {
    stack = await startTestStack();
    ids.gym = await givenGym(stack, { status: false });
    ids.coach = await givenCoach(stack, { status: false });
    ids.user = await givenMember(stack);
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('stores each field and answers it with the status and what is still missing', async () => {
    for (const { kind, field, body, stored } of [...GYM_CASES, ...COACH_CASES]) {
      const res = await post(kind, field, body);
      expect(res.statusCode, `${field}: ${res.payload}`).toBe(200);
      const answer = JSON.parse(res.payload);
      expect(answer, field).toMatchObject({ ...stored, status: false });
      // Never onboarded with the payments provider: that step is what is missing, and the gym's timetable.
      expect(answer.missingSteps.map((s: { key: string }) => s.key)).toEqual(
        kind === 'gym' ? ['timetable', 'payments'] : ['payments'],
      );
      expect(await profile(kind), field).toMatchObject(stored);
    }
  });

  it('answers 400 with §8 text for a missing or empty value, 401 without a token, 403 for another role, storing nothing', async () => {
    for (const { kind, field, body } of [...GYM_CASES, ...COACH_CASES]) {
      const before = await profile(kind);
      const [name] = Object.keys(body);
      const emptied = { ...body, [name]: '' };
      // An empty username is Remove, not a missing value (tested below).
      const missing = field.startsWith('socials/') ? [{}, null] : [{}, emptied, { ...body, [name]: '   ' }, null];
      for (const bad of missing) {
        const res = await post(kind, field, bad);
        expect(res.statusCode, `${field} ${JSON.stringify(bad)}`).toBe(400);
        expect(messageOf(res), `${field} ${JSON.stringify(bad)}`).toBe(MISSING_ACCOUNT_OR_PROFILE_ID);
      }
      expect((await post(kind, field, body, null)).statusCode, field).toBe(401);
      expect((await post(kind, field, body, kind === 'gym' ? 'coach' : 'gym')).statusCode, field).toBe(403);
      expect((await post(kind, field, body, 'user')).statusCode, field).toBe(403);
      expect((await profile(kind))._rev, field).toBe(before._rev);
    }
    expect((await post('user', 'profileImage', { profileImage: '' })).statusCode).toBe(400);
    expect((await post('user', 'profileImage', { profileImage: 'x' }, null)).statusCode).toBe(401);
    expect((await post('user', 'profileImage', { profileImage: 'x' }, 'gym')).statusCode).toBe(403);
  });

  it('reads prices typed in pounds as pence and refuses what is not a price with its reason', async () => {
    for (const [typed, pence] of [
      ['12', 1200],
      ['8.50', 850],
      ['£7.5', 750],
      [15, 1500],
      [' 20 ', 2000],
    ] as const) {
      const res = await post('gym', 'adultDayPass', { adultDayPassPrice: typed });
      expect(res.statusCode, String(typed)).toBe(200);
      expect(JSON.parse(res.payload).adultDayPassPrice).toBe(pence);
      expect((await profile<GymProfileDoc>('gym')).adultDayPassPrice).toBe(pence);
    }
    const before = await profile<GymProfileDoc>('gym');
    for (const [typed, reason] of [
      ['-1', 'Price cannot be negative.'],
      [-1, 'Price cannot be negative.'],
      ['abc', 'Price must be an amount in pounds, e.g. 12 or 8.50.'],
      ['1.234', 'Price cannot include fractions of a penny.'],
      ['20000', 'Price cannot be more than £10000.'],
      [true, 'Price must be an amount in pounds, e.g. 12 or 8.50.'],
      ['1'.repeat(100), 'Price must be an amount in pounds, e.g. 12 or 8.50.'],
    ] as const) {
      for (const [kind, field, body] of [
        ['gym', 'adultDayPass', { adultDayPassPrice: typed }],
        ['gym', 'kidsDayPass', { kidsDayPassPrice: typed }],
        ['coach', 'price', { price: typed }],
      ] as const) {
        const res = await post(kind, field, body);
        expect(res.statusCode, `${field} ${typed}`).toBe(400);
        expect(messageOf(res), `${field} ${typed}`).toBe(reason);
      }
    }
    expect((await profile('gym'))._rev).toBe(before._rev);
  });

  it('refuses a discipline or session preference outside §9, bad usernames, postcodes and unknown fields', async () => {
    const coachBefore = await profile('coach');
    const gymBefore = await profile('gym');
    for (const [kind, field, body, message] of [
      ['coach', 'discipline', { discipline: 'Kids Boxing' }, /^Discipline must be one of: MMA, MMA Striking/],
      ['coach', 'sessionPreferenceType', { sessionPreference: 'Any' }, /^Session preference must be one of/],
      ['coach', 'first_name', { firstName: 'x'.repeat(81) }, /^First name must be at most 80 characters/],
      ['coach', 'socials/instagram', { instagram_link: 'no spaces' }, /^Instagram usernames/],
      ['coach', 'socials/tiktok', { tiktok_username: 'https://evil.example/@x' }, /^TikTok usernames/],
      ['coach', 'socials/youtube', { youtube_username: 'ab' }, /^YouTube handles/],
      ['coach', 'socials/youtube', { youtube_username: 'y'.repeat(201) }, /at most 200 characters/],
      ['coach', 'discipline', { discipline: 'MMA', status: true }, /^Unknown field 'status'/],
      ['gym', 'bio', { bio: 'b'.repeat(2001) }, /^Bio must be at most 2000 characters/],
      [
        'gym',
        'address',
        { addressLineOne: '1 A St', addressTownOrCity: 'Leeds', addressPostalCode: 'NOT A CODE' },
        /^Postcode must be a UK postcode/,
      ],
      ['gym', 'address', { addressLineOne: '1 A St', addressPostalCode: 'LS1 1AA' }, /^Missing ID's/],
      ['gym', 'gym_name', { gymName: 42 }, /^Gym name must be text/],
    ] as const) {
      const res = await post(kind, field, body);
      expect(res.statusCode, `${field} ${res.payload}`).toBe(400);
      expect(messageOf(res), field).toMatch(message);
    }
    expect((await profile('coach'))._rev).toBe(coachBefore._rev);
    expect((await profile('gym'))._rev).toBe(gymBefore._rev);
  });

  it('clears a social link with Remove and takes the username back from a pasted profile link', async () => {
    expect(
      (await post('coach', 'socials/instagram', { instagram_link: 'https://instagram.com/coach_k/' })).statusCode,
    ).toBe(200);
    expect((await profile<CoachProfileDoc>('coach')).instagramUsername).toBe('coach_k');
    const removed = await post('coach', 'socials/instagram', { instagram_link: REMOVED_SOCIAL });
    expect(removed.statusCode).toBe(200);
    expect(JSON.parse(removed.payload)).toMatchObject({ instagramUsername: '' });
    expect((await profile<CoachProfileDoc>('coach')).instagramUsername).toBe('');
  });

  it('keeps every one of several edits of one profile sent at once', async () => {
    const gymId = await givenGym(stack, { status: false });
    const headers = await bearerFor(stack, 'gym', gymId);
    const edits: [string, object][] = [
      ['gym_name', { gymName: 'All At Once' }],
      ['bio', { bio: 'Parallel bio' }],
      ['adultDayPass', { adultDayPassPrice: '11' }],
      ['kidsDayPass', { kidsDayPassPrice: '6' }],
      ['address', { addressLineOne: '9 Quay', addressTownOrCity: 'Hull', addressPostalCode: 'HU1 1AA' }],
    ];
    const results = await Promise.all(
      edits.map(([field, payload]) =>
        stack.server.inject({ method: 'POST', url: urlOf('gym', field), payload, headers }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(edits.map(() => 200));
    expect(await profile<GymProfileDoc>('gym', gymId)).toMatchObject({
      gymName: 'All At Once',
      bio: 'Parallel bio',
      adultDayPassPrice: 1100,
      kidsDayPassPrice: 600,
      address: { addressLineOne: '9 Quay', addressTownOrCity: 'Hull', addressPostalCode: 'HU1 1AA' },
    });
  });

  describe('profile images', () => {
    const photo = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } });

    async function served(url: string) {
      const res = await stack.server.inject(url);
      return { res, bytes: res.rawPayload, meta: await sharp(res.rawPayload).metadata() };
    }

    it('re-encodes a PNG sent as JPEG, scaled to fit 512 px, and serves it at a URL cached for good', async () => {
      const png = await photo(1600, 800).png().toBuffer();
      const res = await post('gym', 'profileImage', { profileImage: dataUrl(png, 'image/jpeg') });
      expect(res.statusCode, res.payload).toBe(200);
      const answer = JSON.parse(res.payload);
      expect(answer.profileImage).toMatch(new RegExp(`^/api/images/gym/${ids.gym}/[a-f0-9]{16}\\.webp$`));
      expect(answer).toMatchObject({ status: false });
      expect((await profile<GymProfileDoc>('gym')).profileImage).toBe(answer.profileImage);

      const { res: image, meta } = await served(answer.profileImage);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(image.headers.etag).toBeDefined();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 256 });
      expect((await stack.server.inject(answer.profileImage.replace(/[a-f0-9]{16}/, '0'.repeat(16)))).statusCode).toBe(
        404,
      );
    });

    it('replaces the old image: its URL stops answering once the profile points at the new one', async () => {
      const first = JSON.parse(
        (await post('coach', 'profileImage', { profileImage: dataUrl(await photo(300, 300).jpeg().toBuffer()) }))
          .payload,
      ).profileImage;
      const second = JSON.parse(
        (
          await post('coach', 'profileImage', {
            profileImage: dataUrl(await photo(200, 300).webp().toBuffer(), 'image/webp'),
          })
        ).payload,
      ).profileImage;
      expect(second).not.toBe(first);
      expect((await stack.server.inject(first)).statusCode).toBe(404);
      expect((await served(second)).meta).toMatchObject({ format: 'webp', width: 200, height: 300 });
    });

    it('strips EXIF (GPS included) and turns the picture upright', async () => {
      const jpeg = await photo(400, 200)
        .jpeg()
        .withExif({
          IFD0: { Make: 'PhoneCo', Model: 'Snapper 9' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '51/1 30/1 0/1',
            GPSLongitudeRef: 'W',
            GPSLongitude: '0/1 7/1 0/1',
          },
        })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const sent = await sharp(jpeg).metadata();
      // The sent picture has a camera, a GPS block (the GPS IFD pointer, tag 0x8825) and "rotate 90°".
      expect(sent.exif?.includes('PhoneCo')).toBe(true);
      expect(sent.exif?.includes(Buffer.from([0x88, 0x25])) || sent.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(
        true,
      );
      expect(sent.orientation).toBe(6);
      const res = await post('user', 'profileImage', { profileImage: dataUrl(jpeg) });
      expect(res.statusCode, res.payload).toBe(200);
      const { profileImage } = JSON.parse(res.payload);
      expect(profileImage).toMatch(new RegExp(`^/api/images/user/${ids.user}/[a-f0-9]{16}\\.webp$`));
      expect((await profile<UserProfileDoc>('user')).profileImage).toBe(profileImage);
      const { bytes, meta } = await served(profileImage);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta).toMatchObject({ width: 200, height: 400 });
      expect(bytes.includes('PhoneCo')).toBe(false);
    });

    it('refuses what is not a JPEG, PNG or WebP by its bytes, whatever its label, storing nothing', async () => {
      const before = await profile('gym');
      const imagesBefore = (await stack.couch.use(DB.images).info()).doc_count;
      const gif = await photo(10, 10).gif().toBuffer();
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
      for (const profileImage of [
        dataUrl(Buffer.from('just some text, not a picture'), 'image/png'),
        dataUrl(gif, 'image/png'),
        dataUrl(svg, 'image/png'),
        dataUrl((await photo(50, 50).png().toBuffer()).subarray(0, 60), 'image/png'),
        'data:text/plain;base64,aGVsbG8=',
        'data:image/png;base64,not base64!',
        'https://example.com/me.png',
      ]) {
        const res = await post('gym', 'profileImage', { profileImage });
        expect(res.statusCode, profileImage.slice(0, 40)).toBe(400);
        expect(messageOf(res)).toBe(IMAGE_REFUSALS.notAnImage);
      }
      expect((await profile('gym'))._rev).toBe(before._rev);
      expect((await stack.couch.use(DB.images).info()).doc_count).toBe(imagesBefore);
    });

    it('answers 413 for more than 5 MB of image, whether the body fits the route or not', async () => {
      const before = await profile('gym');
      const justOver = Buffer.alloc(MAX_PROFILE_IMAGE_BYTES + 1, 7);
      const wayOver = Buffer.alloc(MAX_PROFILE_IMAGE_BYTES * 2, 7);
      for (const bytes of [justOver, wayOver]) {
        const res = await post('gym', 'profileImage', { profileImage: dataUrl(bytes, 'image/png') });
        expect(res.statusCode).toBe(413);
        expect(messageOf(res)).toBe(IMAGE_REFUSALS.tooLarge);
      }
      expect((await profile('gym'))._rev).toBe(before._rev);
      // Other edits keep the ordinary body limit.
      const bio = await post('gym', 'bio', { bio: 'x'.repeat(3 * 1024 * 1024) });
      expect(bio.statusCode).toBe(413);
    });

    it('lists image URLs, never data URLs, and shows an edit in the next GET of the list and the profile', async () => {
      const gymId = await givenSellingGym(stack, {
        profile: { profileImage: 'data:image/png;base64,iVBORw0KGgo=', coverImage: 'data:image/png;base64,AAAA' },
      });
      const headers = await bearerFor(stack, 'gym', gymId);
      const listed = async () =>
        (JSON.parse((await stack.server.inject('/api/gyms')).payload) as GymListItem[]).find((g) => g._id === gymId);
      expect(await listed()).toMatchObject({ profileImage: '', coverImage: '' });

      const png = await photo(64, 64).png().toBuffer();
      const res = await stack.server.inject({
        method: 'POST',
        url: urlOf('gym', 'profileImage'),
        payload: { profileImage: dataUrl(png, 'image/png') },
        headers,
      });
      expect(JSON.parse(res.payload)).toMatchObject({ status: true, missingSteps: [] });
      const { profileImage } = JSON.parse(res.payload);
      expect((await listed())?.profileImage).toBe(profileImage);
      expect(JSON.parse((await stack.server.inject(`/api/gyms/${gymId}`)).payload).profileImage as string).toBe(
        profileImage,
      );

      const renamed = await stack.server.inject({
        method: 'POST',
        url: urlOf('gym', 'gym_name'),
        payload: { gymName: 'Renamed At Once' },
        headers,
      });
      expect(renamed.statusCode).toBe(200);
      expect((await listed())?.gymName).toBe('Renamed At Once');
      expect(JSON.parse((await stack.server.inject(`/api/gyms/${gymId}`)).payload).gymName).toBe('Renamed At Once');
      const body = (await stack.server.inject('/api/gyms')).payload;
      expect(body).not.toContain('data:');
    });
  });
});
