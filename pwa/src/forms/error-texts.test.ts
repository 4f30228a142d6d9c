import { describe, it, expect } from 'vitest';
import { ApiError } from '../api/index.ts';
import {
  forgottenPasswordErrorText,
  registrationErrorText,
  resetPasswordErrorText,
  signInErrorText,
} from './error-texts.ts';

const noResponse = new ApiError(0, 'No Server Response');
const err = (status: number, message = 'Server says why') => new ApiError(status, message);

describe('registrationErrorText', () => {
  it('omits the full stop when the server did not answer', () => {
    expect(registrationErrorText(noResponse)).toBe('No Server Response');
  });
  it('names a taken email or mobile on 409', () => {
    expect(registrationErrorText(err(409))).toBe('Email or Mobile Taken');
  });
  it("shows the server's explanation on 400", () => {
    expect(registrationErrorText(err(400, 'Mobile is not valid'))).toBe('Mobile is not valid');
  });
  it('falls back to the generic text on a 400 without a message and on other statuses', () => {
    expect(registrationErrorText(err(400, ''))).toBe('Registration Failed');
    expect(registrationErrorText(err(500))).toBe('Registration Failed');
    expect(registrationErrorText(err(401))).toBe('Registration Failed');
  });
});

describe('signInErrorText', () => {
  it('ends with a full stop when the server did not answer', () => {
    expect(signInErrorText(noResponse)).toBe('No Server Response.');
  });
  it("shows the server's message on 400, 401 and 429", () => {
    expect(signInErrorText(err(400, 'Email and password are required.'))).toBe('Email and password are required.');
    expect(signInErrorText(err(401, 'Unauthorized'))).toBe('Unauthorized');
    expect(signInErrorText(err(429, 'Too many attempts'))).toBe('Too many attempts');
  });
  it("says 'Login Failed' otherwise", () => {
    expect(signInErrorText(err(500))).toBe('Login Failed');
    expect(signInErrorText(err(403))).toBe('Login Failed');
  });
  it('treats an error that is not from the server as no response', () => {
    expect(signInErrorText(new TypeError('Failed to fetch'))).toBe('No Server Response.');
  });
});

describe('forgottenPasswordErrorText', () => {
  it("shows the server's message on 400 and 401", () => {
    expect(forgottenPasswordErrorText(err(400, 'Email is required'))).toBe('Email is required');
    expect(forgottenPasswordErrorText(err(401, 'Unknown email'))).toBe('Unknown email');
  });
  it("says 'Request Failed' for other statuses and 'No Server Response' without an answer", () => {
    expect(forgottenPasswordErrorText(err(500))).toBe('Request Failed');
    expect(forgottenPasswordErrorText(noResponse)).toBe('No Server Response');
  });
});

describe('resetPasswordErrorText', () => {
  it("shows the server's message for any error status", () => {
    expect(resetPasswordErrorText(err(400, 'Link expired'))).toBe('Link expired');
    expect(resetPasswordErrorText(err(500, 'Internal Server Error'))).toBe('Internal Server Error');
  });
  it('omits the full stop when the server did not answer', () => {
    expect(resetPasswordErrorText(noResponse)).toBe('No Server Response');
  });
});
