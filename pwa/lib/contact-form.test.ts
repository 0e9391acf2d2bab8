import { describe, expect, it } from 'vitest';
import { answerError } from './api.ts';
import {
  contactFieldErrors,
  contactMessage,
  refusalToast,
  refusedFields,
  type ContactFormValues,
  type ContactVariant,
} from './contact-form.ts';
import type { Captcha } from './captcha.ts';

const full = { name: 'Ada', email: 'ada@example.com', subject: 'Add Monad', message: 'Please add it.' };
const sum = { a: 4, b: 5, op: '+' } as const; // 9
const diff = { a: 9, b: 4, op: '-' } as const; // 5

/** The toast a send of these values gets, or null when it may be sent. */
function toastFor(values: ContactFormValues, captcha: Captcha | null, variant: ContactVariant) {
  const errors = contactFieldErrors(values, captcha, variant);
  return Object.keys(errors).length ? refusalToast(errors, variant) : null;
}
const page = (fields: Partial<ContactFormValues>, answer: string) =>
  toastFor({ ...full, ...fields, answer }, sum, 'page');
const dialog = (fields: Partial<ContactFormValues>, answer: string) =>
  toastFor({ ...full, ...fields, answer }, diff, 'dialog');

describe('contact page', () => {
  it('requires name, email and message, not the subject', () => {
    for (const key of ['name', 'email', 'message'] as const) {
      expect(page({ [key]: '  ' }, '9')).toEqual({
        title: 'Missing Fields',
        description: 'Please fill in all required fields.',
      });
    }
    expect(page({ subject: '' }, '9')).toBeNull();
  });
  it('then requires the answer, then the right sum', () => {
    expect(page({}, ' ')).toEqual({
      title: 'Captcha Required',
      description: "Please solve the math problem to verify you're human.",
    });
    expect(page({}, '8')).toEqual({
      title: 'Incorrect Answer',
      description: 'Incorrect captcha answer. Please try again.',
    });
    expect(page({}, '9')).toBeNull();
  });
  it('reports missing fields before the captcha', () => {
    expect(page({ name: '' }, '')?.title).toBe('Missing Fields');
  });
  it('takes no answer as right while no question is drawn', () => {
    expect(toastFor({ ...full, answer: '9' }, null, 'page')?.title).toBe('Incorrect Answer');
  });
});

describe('contact dialog', () => {
  it('requires every field including the subject and the answer', () => {
    for (const key of ['name', 'email', 'subject', 'message'] as const) {
      expect(dialog({ [key]: '' }, '5')).toEqual({
        title: 'Please fill in all fields',
        description: 'All fields including the captcha are required.',
      });
    }
    expect(dialog({}, '')?.title).toBe('Please fill in all fields');
  });
  it('rejects a wrong result and accepts the right one', () => {
    expect(dialog({}, '13')).toEqual({ title: 'Please solve the math problem correctly' });
    expect(dialog({}, '5')).toBeNull();
  });
});

describe('contactMessage', () => {
  it('sends the message as typed, without the answer', () => {
    expect(contactMessage({ ...full, subject: '', answer: '9' })).toEqual({ ...full, subject: '' });
  });
});

describe('errors next to the fields', () => {
  const messages = (values: ContactFormValues, captcha: Captcha, variant: ContactVariant) =>
    Object.fromEntries(
      Object.entries(contactFieldErrors(values, captcha, variant)).map(([key, error]) => [key, error?.message]),
    );
  it("names each blank required field and the answer's problem", () => {
    expect(messages({ ...full, name: ' ', subject: '', answer: '' }, sum, 'page')).toEqual({
      name: 'Please enter your name.',
      answer: 'Please answer the question.',
    });
    expect(messages({ ...full, subject: '', answer: '8' }, sum, 'dialog')).toEqual({
      subject: 'Please enter a subject.',
      answer: 'That answer is not right; please try again.',
    });
    expect(messages({ ...full, answer: '9' }, sum, 'dialog')).toEqual({});
  });

  it('takes the fields a 400 names from its issues, and nothing from other failures', () => {
    const body = JSON.stringify({
      message: 'email: Invalid email',
      issues: [
        { path: ['email'], message: 'Invalid email address' },
        { path: ['email'], message: 'Too long' },
        { path: ['answer'], message: 'not a field of the message' },
      ],
    });
    expect(refusedFields(answerError(400, body))).toEqual({ email: 'Invalid email address' });
    expect(refusedFields(answerError(400, 'Bad Request'))).toEqual({});
    expect(refusedFields(answerError(503, body))).toEqual({});
    expect(refusedFields(new TypeError('Failed to fetch'))).toEqual({});
  });
});
