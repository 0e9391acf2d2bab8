import { describe, expect, it } from 'vitest';
import {
  checkContactDialog,
  checkContactPage,
  contactPayload,
  fieldErrors,
  serverFieldErrors,
} from './contact-form.ts';

const full = { name: 'Ada', email: 'ada@example.com', subject: 'Add Monad', message: 'Please add it.' };
const sum = { a: 4, b: 5, op: '+' } as const; // 9
const diff = { a: 9, b: 4, op: '-' } as const; // 5

describe('contact page', () => {
  it('requires name, email and message, not the subject', () => {
    for (const key of ['name', 'email', 'message'] as const) {
      expect(checkContactPage({ ...full, [key]: '  ' }, sum, '9')).toEqual({
        kind: 'missing-fields',
        title: 'Missing Fields',
        description: 'Please fill in all required fields.',
      });
    }
    expect(checkContactPage({ ...full, subject: '' }, sum, '9')).toBeNull();
  });
  it('then requires the answer, then the right sum', () => {
    expect(checkContactPage(full, sum, ' ')).toEqual({
      kind: 'missing-answer',
      title: 'Captcha Required',
      description: "Please solve the math problem to verify you're human.",
    });
    expect(checkContactPage(full, sum, '8')).toMatchObject({
      kind: 'wrong-answer',
      description: 'Incorrect captcha answer. Please try again.',
    });
    expect(checkContactPage(full, sum, '9')).toBeNull();
  });
  it('reports missing fields before the captcha', () => {
    expect(checkContactPage({ ...full, name: '' }, sum, '')?.kind).toBe('missing-fields');
  });
});

describe('contact dialog', () => {
  it('requires every field including the subject and the answer', () => {
    for (const key of ['name', 'email', 'subject', 'message'] as const) {
      expect(checkContactDialog({ ...full, [key]: '' }, diff, '5')).toEqual({
        kind: 'missing-fields',
        title: 'Please fill in all fields',
        description: 'All fields including the captcha are required.',
      });
    }
    expect(checkContactDialog(full, diff, '')?.title).toBe('Please fill in all fields');
  });
  it('rejects a wrong result and accepts the right one', () => {
    expect(checkContactDialog(full, diff, '13')).toEqual({
      kind: 'wrong-answer',
      title: 'Please solve the math problem correctly',
    });
    expect(checkContactDialog(full, diff, '5')).toBeNull();
  });
});

describe('contactPayload', () => {
  it('trims and leaves an empty subject out', () => {
    expect(contactPayload({ name: ' Ada ', email: ' ada@example.com', subject: '  ', message: ' Hi \n' })).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Hi',
    });
    expect(contactPayload(full)).toEqual(full);
  });
});

describe('errors next to the fields', () => {
  it("names each blank required field and the answer's problem", () => {
    expect(fieldErrors({ ...full, name: ' ', subject: '' }, sum, '', false)).toEqual({
      name: 'Please enter your name.',
      captcha: 'Please answer the question.',
    });
    expect(fieldErrors({ ...full, subject: '' }, sum, '8', true)).toEqual({
      subject: 'Please enter a subject.',
      captcha: 'That answer is not right; please try again.',
    });
    expect(fieldErrors(full, sum, '9', true)).toEqual({});
  });

  it('takes the fields a 400 names from its issues, and nothing from other failures', () => {
    const body = JSON.stringify({
      message: 'email: Invalid email',
      issues: [{ path: ['email'], message: 'Invalid email address' }],
    });
    expect(serverFieldErrors(new Error(`400: ${body}`))).toEqual({ email: 'Invalid email address' });
    expect(serverFieldErrors(new Error('400: Bad Request'))).toEqual({});
    expect(serverFieldErrors(new Error(`429: ${body}`))).toEqual({});
  });
});
