import { describe, expect, it } from 'vitest';
import { MAX_PROFILE_IMAGE_BYTES } from '@mastr/rules/account-fields.ts';
import { REMOVED_SOCIAL } from '@mastr/rules/api/account.ts';
import type { CoachMe, GymMe } from '@mastr/rules/api/me.ts';
import { COACH_DISCIPLINES, SESSION_PREFERENCES } from '@mastr/rules/constants.ts';
import type { GoLiveStep } from '@mastr/rules/go-live.ts';
import { ApiError } from '../api/index.ts';
import {
  afterEditPatch,
  addressBody,
  canConfirm,
  canConfirmAddress,
  checkImageFile,
  COACH_FIELDS,
  deleteErrorText,
  deletionConsequences,
  DELETE_TEXTS,
  EDIT_TEXTS,
  editErrorText,
  GYM_FIELDS,
  imageDataUrl,
  imageSavedText,
  poundsText,
  removedText,
  savedText,
  selectOptions,
  SOCIALS,
  statusText,
  storedAddress,
} from './account-edit-model.ts';

const gym = {
  gymName: 'Iron Temple',
  bio: 'Open mat on Sundays.',
  adultDayPassPrice: 1250,
  kidsDayPassPrice: 800,
  address: {
    addressLineOne: '1 Ring Road',
    addressLineTwo: '',
    addressTownOrCity: 'Leeds',
    addressPostalCode: 'LS1 1AA',
  },
} as GymMe;

const coach = {
  firstName: 'Ana',
  lastName: 'Silva',
  discipline: 'Jiu-Jitsu',
  sessionPreferenceType: '1 to 1',
  price: 4000,
  instagramUsername: 'ana.bjj',
  tiktokUsername: '',
  youtubeUsername: '',
} as CoachMe;

const active = { status: true, missingSteps: [] };
const step = (label: string): GoLiveStep => ({ key: label, label, page: 'account' });

describe('Confirm only when a value is present (§5)', () => {
  it('shows Confirm for a new non-empty value', () => {
    expect(canConfirm('Iron Temple MMA', 'Iron Temple')).toBe(true);
    expect(canConfirm('New', '')).toBe(true);
  });

  it('hides it for an empty or blank value, so nothing empty is submitted', () => {
    expect(canConfirm('', 'Iron Temple')).toBe(false);
    expect(canConfirm('   ', 'Iron Temple')).toBe(false);
    expect(canConfirm('', '')).toBe(false);
  });

  it('hides it while the value is what is stored already', () => {
    expect(canConfirm('Iron Temple', 'Iron Temple')).toBe(false);
    expect(canConfirm(' Iron Temple ', 'Iron Temple')).toBe(false);
  });
});

describe('gym fields', () => {
  it('start from the stored values, prices as pounds text', () => {
    expect(GYM_FIELDS.gym_name.current(gym)).toBe('Iron Temple');
    expect(GYM_FIELDS.bio.current(gym)).toBe('Open mat on Sundays.');
    expect(GYM_FIELDS.adultDayPass.current(gym)).toBe('12.50');
    expect(GYM_FIELDS.kidsDayPass.current(gym)).toBe('8');
  });

  it('send the §7 bodies, prices exactly as typed (§5)', () => {
    expect(GYM_FIELDS.gym_name.body('  Iron Temple MMA ')).toEqual({ gymName: 'Iron Temple MMA' });
    expect(GYM_FIELDS.bio.body('Kids classes daily.\n')).toEqual({ bio: 'Kids classes daily.' });
    expect(GYM_FIELDS.adultDayPass.body('£12.5 ')).toEqual({ adultDayPassPrice: '£12.5 ' });
    expect(GYM_FIELDS.kidsDayPass.body('abc')).toEqual({ kidsDayPassPrice: 'abc' });
  });

  it('merge the stored answer into the profile and show prices from pence', () => {
    expect(GYM_FIELDS.adultDayPass.saved({ ...active, adultDayPassPrice: 1250 })).toEqual({
      patch: { adultDayPassPrice: 1250 },
      shown: '£12.50',
    });
    expect(GYM_FIELDS.gym_name.saved({ ...active, gymName: 'Iron Temple MMA' })).toEqual({
      patch: { gymName: 'Iron Temple MMA' },
      shown: 'Iron Temple MMA',
    });
  });
});

describe('coach fields', () => {
  it('send the §7 bodies: sessionPreference for the session preference, the price as typed', () => {
    expect(COACH_FIELDS.first_name.body(' Ana ')).toEqual({ firstName: 'Ana' });
    expect(COACH_FIELDS.last_name.body('Silva')).toEqual({ lastName: 'Silva' });
    expect(COACH_FIELDS.discipline.body('Judo')).toEqual({ discipline: 'Judo' });
    expect(COACH_FIELDS.sessionPreferenceType.body('Dual Sessions')).toEqual({ sessionPreference: 'Dual Sessions' });
    expect(COACH_FIELDS.price.body('37.50')).toEqual({ price: '37.50' });
  });

  it('offer the §9 coach disciplines and session preferences', () => {
    expect(COACH_FIELDS.discipline.options).toEqual(COACH_DISCIPLINES);
    expect(COACH_FIELDS.sessionPreferenceType.options).toEqual(SESSION_PREFERENCES);
  });

  it('show the hourly price from pence', () => {
    expect(COACH_FIELDS.price.current(coach)).toBe('40');
    expect(COACH_FIELDS.price.saved({ ...active, price: 3750 })).toEqual({
      patch: { price: 3750 },
      shown: '£37.50/hr',
    });
  });

  it('merge the session preference answer under its profile name', () => {
    expect(COACH_FIELDS.sessionPreferenceType.saved({ ...active, sessionPreferenceType: '1 to 1' }).patch).toEqual({
      sessionPreferenceType: '1 to 1',
    });
  });
});

describe('socials', () => {
  it('send the username without a leading @ under the §7 names', () => {
    expect(SOCIALS.instagram.field.body(' @ana.bjj ')).toEqual({ instagram_link: 'ana.bjj' });
    expect(SOCIALS.tiktok.field.body('ana')).toEqual({ tiktok_username: 'ana' });
    expect(SOCIALS.youtube.field.body('AnaSilva')).toEqual({ youtube_username: 'AnaSilva' });
  });

  it("Remove posts the contract's fixed placeholder", () => {
    expect(SOCIALS.instagram.removeBody()).toEqual({ instagram_link: REMOVED_SOCIAL });
    expect(SOCIALS.tiktok.removeBody()).toEqual({ tiktok_username: REMOVED_SOCIAL });
    expect(SOCIALS.youtube.removeBody()).toEqual({ youtube_username: REMOVED_SOCIAL });
  });

  it('merge the stored username back', () => {
    expect(SOCIALS.instagram.field.current(coach)).toBe('ana.bjj');
    expect(SOCIALS.youtube.field.saved({ ...active, youtubeUsername: '' }).patch).toEqual({ youtubeUsername: '' });
  });
});

describe('poundsText', () => {
  it('writes pence as the pounds a form starts from', () => {
    expect(poundsText(1250)).toBe('12.50');
    expect(poundsText(1200)).toBe('12');
    expect(poundsText(5)).toBe('0.05');
  });
  it('starts empty when no price is set', () => {
    expect(poundsText(0)).toBe('');
    expect(poundsText(null)).toBe('');
    expect(poundsText(Number.NaN)).toBe('');
  });
});

describe('selectOptions', () => {
  it('lists the options alone once one is chosen', () => {
    expect(selectOptions(['A', 'B'], 'B')).toEqual([
      { value: 'A', label: 'A' },
      { value: 'B', label: 'B' },
    ]);
  });
  it('puts a disabled prompt first while nothing offered is chosen', () => {
    expect(selectOptions(['A'], '')[0]).toEqual({ value: '', label: 'Choose...', disabled: true });
    expect(selectOptions(['A'], 'Karate')[0].value).toBe('');
  });
});

describe('address', () => {
  const stored = storedAddress(gym.address);

  it('fills lines an older profile lacks', () => {
    expect(storedAddress({ addressLineOne: '1 Ring Road' })).toEqual({
      addressLineOne: '1 Ring Road',
      addressLineTwo: '',
      addressTownOrCity: '',
      addressPostalCode: '',
    });
    expect(storedAddress(undefined).addressLineOne).toBe('');
  });

  it('shows Confirm once a line changed and some line has a value', () => {
    expect(canConfirmAddress(stored, stored)).toBe(false);
    expect(canConfirmAddress({ ...stored, addressLineTwo: 'Unit 4' }, stored)).toBe(true);
    expect(canConfirmAddress({ ...stored, addressPostalCode: 'ls1 1aa ' }, stored)).toBe(false);
    const blank = storedAddress(undefined);
    expect(canConfirmAddress(blank, stored)).toBe(false);
  });

  it('sends all four lines trimmed, the postcode in capitals', () => {
    expect(addressBody({ ...stored, addressLineOne: ' 2 Ring Road ', addressPostalCode: 'ls2 2bb' })).toEqual({
      addressLineOne: '2 Ring Road',
      addressLineTwo: '',
      addressTownOrCity: 'Leeds',
      addressPostalCode: 'LS2 2BB',
    });
  });
});

describe('profile image', () => {
  it('takes JPEG, PNG and WebP images of at most 5 MB', () => {
    expect(checkImageFile({ name: 'me.jpg', type: 'image/jpeg', size: 1000 })).toEqual({
      ok: true,
      mime: 'image/jpeg',
    });
    expect(checkImageFile({ name: 'me.png', type: 'image/png', size: MAX_PROFILE_IMAGE_BYTES })).toEqual({
      ok: true,
      mime: 'image/png',
    });
    expect(checkImageFile({ name: 'me.webp', type: 'image/webp', size: 10 }).ok).toBe(true);
  });

  it('goes by the extension when the browser does not know the type', () => {
    expect(checkImageFile({ name: 'ME.JPEG', type: '', size: 10 })).toEqual({ ok: true, mime: 'image/jpeg' });
    expect(checkImageFile({ name: 'notes', type: '', size: 10 }).ok).toBe(false);
  });

  it('refuses other kinds of file, saying which are taken', () => {
    const check = checkImageFile({ name: 'me.heic', type: 'image/heic', size: 10 });
    expect(check).toEqual({ ok: false, reason: 'Choose a JPEG, PNG or WebP image (.jpeg, .jpg, .png or .webp).' });
    expect(checkImageFile({ name: 'me.gif', type: 'image/gif', size: 10 }).ok).toBe(false);
  });

  it('refuses an image over 5 MB with its size', () => {
    expect(checkImageFile({ name: 'big.png', type: 'image/png', size: 6 * 1024 * 1024 })).toEqual({
      ok: false,
      reason: 'That image is 6.0 MB: choose one of 5 MB or less.',
    });
  });

  it('refuses an empty file', () => {
    expect(checkImageFile({ name: 'empty.png', type: 'image/png', size: 0 }).ok).toBe(false);
  });

  it('labels the data URL with the image type', () => {
    expect(imageDataUrl('data:application/octet-stream;base64,AAAA', 'image/jpeg')).toBe('data:image/jpeg;base64,AAAA');
    expect(imageDataUrl('data:image/png;base64,AAAA', 'image/png')).toBe('data:image/png;base64,AAAA');
  });
});

describe('what an edit says', () => {
  it('gives the saved value and the new status', () => {
    expect(savedText('Gym Name', 'Iron Temple MMA', active)).toBe('Gym Name saved: Iron Temple MMA. Status: Active.');
    expect(savedText('Bio', '', active)).toBe('Bio saved: not set. Status: Active.');
    // A value that ends its own sentence gets no second full stop ('night..', issue 24).
    expect(savedText('Bio', 'Open every night.', active)).toBe('Bio saved: Open every night. Status: Active.');
    expect(savedText('Bio', 'Come and train!  ', active)).toBe('Bio saved: Come and train! Status: Active.');
  });

  it('lists what is still missing while Inactive', () => {
    const after = { status: false, missingSteps: [step('Add your address'), step('Set up payments with Stripe')] };
    expect(statusText(after)).toBe('Status: Inactive. Still to do: Add your address; Set up payments with Stripe.');
    expect(statusText({ status: false, missingSteps: [] })).toBe('Status: Inactive.');
  });

  it('confirms a removed social and an uploaded image', () => {
    expect(removedText('TikTok', active)).toBe('TikTok removed. Status: Active.');
    expect(imageSavedText()).toBe('Profile image saved.');
    expect(imageSavedText(active)).toBe('Profile image saved. Status: Active.');
  });
});

describe('editErrorText (§8 "Account and profile edits")', () => {
  const err = (status: number, message = 'Bad Request') => new ApiError(status, message);

  it("shows the server's reason on a 400 when it gives one, else 'Missing ID's, Account or Profile'", () => {
    expect(editErrorText(err(400, 'Price cannot be negative.'), true)).toBe('Price cannot be negative.');
    expect(editErrorText(err(400, 'Bad Request'), true)).toBe("Missing ID's, Account or Profile");
    expect(editErrorText(err(400, ''), true)).toBe("Missing ID's, Account or Profile");
  });

  it("says 'Unauthorized' on 401 and 'Edit Coach Failed' otherwise", () => {
    expect(editErrorText(err(401, 'Missing authentication'), true)).toBe('Unauthorized');
    expect(editErrorText(err(500), true)).toBe('Edit Coach Failed');
    expect(editErrorText(err(503, 'The service is temporarily unavailable.'), true)).toBe('Edit Coach Failed');
  });

  it('explains a body too large for the server', () => {
    expect(editErrorText(err(413, 'Profile image must be at most 5 MB.'), true)).toBe(
      'Profile image must be at most 5 MB.',
    );
    expect(editErrorText(err(413, ''), true)).toBe(EDIT_TEXTS.tooLarge);
  });

  it("says 'No Server Response.' without an answer, and that the device is offline when it is", () => {
    expect(editErrorText(new ApiError(0, 'No Server Response'), true)).toBe(
      'No Server Response. Changes need a connection to Mastr; nothing was changed.',
    );
    expect(editErrorText(new ApiError(0, 'No Server Response'), false)).toBe(
      'You are offline: changes need a connection to Mastr.',
    );
    expect(editErrorText(new TypeError('Failed to fetch'), false)).toBe(EDIT_TEXTS.offline);
  });
});

describe('deleting the account', () => {
  const err = (status: number, message = '') => new ApiError(status, message);

  it('maps failures to §8-style texts', () => {
    expect(deleteErrorText(err(401), true)).toBe('Unauthorized');
    expect(deleteErrorText(err(400), true)).toBe("Missing ID's, Account or Profile");
    expect(deleteErrorText(err(409, 'A payout is still on its way.'), true)).toBe('A payout is still on its way.');
    expect(deleteErrorText(err(403), true)).toBe('Delete Account Failed');
    expect(deleteErrorText(err(500), true)).toBe(DELETE_TEXTS.unfinished);
    expect(deleteErrorText(err(0), true)).toBe(DELETE_TEXTS.noResponse);
    expect(deleteErrorText(err(0), false)).toBe(DELETE_TEXTS.offline);
  });

  it('says what happens: data erased, bookings ended, payments kept, signed out everywhere', () => {
    expect(deletionConsequences('user').join(' ')).toMatch(/cancelled and refunded in full/);
    expect(deletionConsequences('gym').join(' ')).toMatch(/cancelled and refunded in full.*Basic plan is cancelled/);
    expect(deletionConsequences('coach').join(' ')).toMatch(/PT requests still to come are declined/);
    for (const kind of ['user', 'gym', 'coach'] as const) {
      const text = deletionConsequences(kind).join(' ');
      expect(text).toMatch(/erased/);
      expect(text).toMatch(/payments are kept without your personal details/);
      expect(text).toMatch(/signed out on every device/);
    }
  });
});

describe('afterEditPatch', () => {
  it("takes a gym or coach edit's status and missing steps, so the checklist follows without a reload", () => {
    const missingSteps = [{ key: 'payments', label: 'Set up payments with Stripe', page: 'stripe' as const }];
    expect(afterEditPatch({ gymName: 'X', status: false, missingSteps })).toEqual({ status: false, missingSteps });
    expect(afterEditPatch({ price: 4000, status: true, missingSteps: [] })).toEqual({ status: true, missingSteps: [] });
  });
  it("takes nothing from a member's answer or anything else", () => {
    expect(afterEditPatch({ profileImage: '/api/images/user/x/1.webp' })).toEqual({});
    expect(afterEditPatch(null)).toEqual({});
    expect(afterEditPatch({ status: 'yes', missingSteps: [] })).toEqual({});
  });
});
