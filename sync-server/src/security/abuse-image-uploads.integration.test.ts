import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileDocId } from '@mastr/rules/doc-ids.ts';
import type { UserProfileDoc } from '@mastr/rules/documents.ts';
import { DB } from '../couch/databases.ts';
import { UPLOAD_REFUSALS } from '../services/accounts/index.ts';
import { givenCoach, givenGym, givenMember } from '../test-support/directory-fixtures.ts';
import { givenAccount, signIn } from '../test-support/sign-in-helpers.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/**
 * Issue 22, image uploads under abuse (design/security.md "Abuse: image uploads"): a picture of too
 * many pixels is refused from its header, uploads are counted per account, and decodes wait for one
 * of a few slots per instance, so one member uploading eight heavy pictures at once is answered
 * "try later" while another member signs in.
 */

const PNG_IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

/** A picture of one colour, `seed` making each one's bytes its own. */
const picture = (width: number, height: number, seed = 0) =>
  sharp({ create: { width, height, channels: 3, background: { r: seed % 256, g: 40, b: 90 } } });

/** An Adam7-interlaced PNG: decoded whole, the costliest kind of picture per pixel. */
const interlacedPng = (width: number, height: number, seed = 0) =>
  picture(width, height, seed).png({ progressive: true }).toBuffer();

/** The PNG cut after its first data chunk: its header is whole, its pixels cannot be decoded. */
function headerOnly(png: Buffer): Buffer {
  let offset = 8;
  while (offset < png.length) {
    const end = offset + 12 + png.readUInt32BE(offset);
    if (png.toString('ascii', offset + 4, offset + 8) === 'IDAT')
      return Buffer.concat([png.subarray(0, end), PNG_IEND]);
    offset = end;
  }
  throw new Error('no IDAT chunk');
}

describe('abuse: profile image uploads (issue 22)', () => {
  let stack: TestStack;

  const upload = async (memberId: string, image: string) =>
    stack.server.inject({
      method: 'POST',
      url: '/api/me/users/account/profileImage',
      payload: { profileImage: image },
      headers: await bearerFor(stack, 'user', memberId),
    });
  /** The same upload through the gym's or the coach's own route. */
  const uploadAs = async (kind: 'gym' | 'coach', profileId: string, image: string) =>
    stack.server.inject({
      method: 'POST',
      url: `/api/me/${kind === 'gym' ? 'gyms' : 'coaches'}/account/profileImage`,
      payload: { profileImage: image },
      headers: await bearerFor(stack, kind, profileId),
    });
  const profileOf = async (memberId: string) =>
    (await stack.couch.use(DB.profiles).get(profileDocId('user', memberId))) as UserProfileDoc;
  const imageCount = async () => (await stack.couch.use(DB.images).info()).doc_count;
  const messageOf = (res: { payload: string }) => (JSON.parse(res.payload) as { message: string }).message;

  beforeAll(async () => {
    // One decode at a time and two waiting, whatever the machine: the cap is what is under test.
    stack = await startTestStack({ imageDecodes: { slots: 1, queue: 2 } });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it("refuses a 49-megapixel interlaced PNG of 0.7 MB from its header, before decoding it, on every kind's route, storing nothing", async () => {
    const memberId = await givenMember(stack);
    const before = await profileOf(memberId);
    const images = await imageCount();
    const bomb = await interlacedPng(7000, 7000);
    expect(bomb.length).toBeLessThan(1024 * 1024);

    const res = await upload(memberId, dataUrl(bomb));
    expect(res.statusCode, res.payload).toBe(400);
    expect(messageOf(res)).toMatch(/at most 8\.4 megapixels as an interlaced PNG \(this one has 49\.0\)/);

    // Only its header is whole: decoding it would fail as "not a picture"; the refusal names its pixels.
    const cut = await upload(memberId, dataUrl(headerOnly(bomb)));
    expect(cut.statusCode, cut.payload).toBe(400);
    expect(messageOf(cut)).toBe(messageOf(res));

    // The gym's and the coach's routes take images the same way.
    const gymId = await givenGym(stack);
    const coachId = await givenCoach(stack);
    for (const [kind, id] of [
      ['gym', gymId],
      ['coach', coachId],
    ] as const) {
      const refused = await uploadAs(kind, id, dataUrl(bomb));
      expect(refused.statusCode, `${kind}: ${refused.payload}`).toBe(400);
      expect(messageOf(refused)).toBe(messageOf(res));
    }

    expect((await profileOf(memberId))._rev).toBe(before._rev);
    expect(await imageCount()).toBe(images);
  });

  it('still takes a 48-megapixel phone photo (baseline JPEG, shrunk while it is read)', async () => {
    const memberId = await givenMember(stack);
    const jpeg = await picture(8000, 6000).jpeg({ quality: 90 }).toBuffer();
    const res = await upload(memberId, dataUrl(jpeg, 'image/jpeg'));
    expect(res.statusCode, res.payload).toBe(200);
    expect((await profileOf(memberId)).profileImage).toBe(JSON.parse(res.payload).profileImage);
  });

  it('counts uploads per account: the 11th in 10 minutes gets 429 with Retry-After and writes nothing', async () => {
    // At the start of a 10-minute window, so the window cannot turn during the test.
    const windowMs = 10 * 60_000;
    stack.clock.now = new Date(Math.ceil(stack.clock.now.getTime() / windowMs) * windowMs + windowMs);
    const memberId = await givenMember(stack);
    const otherId = await givenMember(stack);
    for (let i = 1; i <= 10; i += 1) {
      const res = await upload(memberId, dataUrl(await picture(64, 64, i).png().toBuffer()));
      expect(res.statusCode, `upload ${i}: ${res.payload}`).toBe(200);
    }
    const before = await profileOf(memberId);
    const images = await imageCount();

    const refused = await upload(memberId, dataUrl(await picture(64, 64, 11).png().toBuffer()));
    expect(refused.statusCode, refused.payload).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(600);
    expect(messageOf(refused)).toBe(UPLOAD_REFUSALS.rateLimited);
    expect((await profileOf(memberId))._rev).toBe(before._rev);
    expect(await imageCount()).toBe(images);

    // Another member is not counted with this one.
    expect((await upload(otherId, dataUrl(await picture(64, 64, 12).png().toBuffer()))).statusCode).toBe(200);
    // The next window takes uploads again.
    stack.clock.advance(windowMs);
    expect((await upload(memberId, dataUrl(await picture(64, 64, 13).png().toBuffer()))).statusCode).toBe(200);
  });

  it("answers one member's eight heavy uploads at once with one decode and 429s, while another member signs in", async () => {
    const uploaderId = await givenMember(stack);
    const other = await givenAccount(stack, 'user');
    // Just under the interlaced PNG bound: the heaviest picture still decoded.
    const heavy = await Promise.all(Array.from({ length: 8 }, (_, i) => interlacedPng(2800, 2800, i)));
    const images = await imageCount();

    const uploads = Promise.all(heavy.map((png) => upload(uploaderId, dataUrl(png))));
    const signedIn = await signIn(stack.server, 'user', other.email);
    const answers = await uploads;

    expect(signedIn.statusCode, signedIn.payload).toBe(200);
    const statuses = answers.map((res) => res.statusCode);
    expect(
      statuses.every((status) => status === 200 || status === 429),
      String(statuses),
    ).toBe(true);
    const accepted = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(accepted.length, String(statuses)).toBeGreaterThanOrEqual(1);
    expect(refused.length, String(statuses)).toBeGreaterThanOrEqual(4);
    for (const res of refused) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(messageOf(res)).toBe(UPLOAD_REFUSALS.accountBusy);
    }
    // Each accepted upload stored one picture (the replaced ones deleted); the refused stored none.
    expect(await imageCount()).toBe(images + 1);
    expect(accepted.map((res) => JSON.parse(res.payload).profileImage)).toContain(
      (await profileOf(uploaderId)).profileImage,
    );
  });

  it('answers 503 with Retry-After to uploads beyond the queue, from many members at once', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => givenMember(stack)));
    const heavy = await Promise.all(members.map((_, i) => interlacedPng(2800, 2800, 100 + i)));
    const images = await imageCount();

    const answers = await Promise.all(members.map((id, i) => upload(id, dataUrl(heavy[i]))));

    const statuses = answers.map((res) => res.statusCode);
    expect(
      statuses.every((status) => status === 200 || status === 503),
      String(statuses),
    ).toBe(true);
    const accepted = statuses.filter((status) => status === 200).length;
    // One decoding and two waiting are always taken; the rest are turned away while they wait.
    expect(accepted, String(statuses)).toBeGreaterThanOrEqual(3);
    expect(accepted, String(statuses)).toBeLessThan(members.length);
    for (const res of answers.filter((r) => r.statusCode === 503)) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(messageOf(res)).toBe(UPLOAD_REFUSALS.busy);
    }
    expect(await imageCount()).toBe(images + accepted);
  });
});
