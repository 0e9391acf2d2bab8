// The contact form's own checks, made in the browser before a send, in its two variants: which required fields are
// blank and whether the question is answered right (each said next to its field), and the one toast a refused send
// shows, decided by what those checks found. The rules on the message itself (lengths, the e-mail address's form)
// are the API's (contactMessageSchema): a send it refuses names the fields, shown next to them as well.
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { ContactMessage } from '../../contract/contact.ts';
import { refusal } from './api.ts';
import { isCaptchaSolved, type Captcha } from './captcha.ts';

/** Where to write instead of (or besides) using the form. Reserved `.example` domain until the operator sets theirs. */
export const CONTACT_EMAIL = 'hello@rpcatlas.example';

/** 'page': /contact, subject optional. 'dialog': "Request New Chain or Provider", every field required. */
export type ContactVariant = 'page' | 'dialog';

type MessageField = keyof ContactMessage;
/** What the visitor types: the message, and the answer to the question. */
export type ContactFormValues = Record<MessageField | 'answer', string>;

export type RefusalToast = { title: string; description?: string };

const BLANK_FIELD_TEXTS: Record<MessageField, string> = {
  name: 'Please enter your name.',
  email: 'Please enter your e-mail address.',
  subject: 'Please enter a subject.',
  message: 'Please enter your message.',
};
const NO_ANSWER_TEXT = 'Please answer the question.';
const WRONG_ANSWER_TEXT = 'That answer is not right; please try again.';

/** The fields a variant requires, besides the answer. */
export const requiredFields = (variant: ContactVariant): readonly MessageField[] =>
  variant === 'page' ? ['name', 'email', 'message'] : ['name', 'email', 'subject', 'message'];

const blank = (s: string) => s.trim() === '';

/**
 * The required fields left blank, then the answer: missing, or not the right whole number. With no question drawn
 * yet (a send pressed while the page loaded) no answer is right.
 */
export function contactFieldErrors(
  values: ContactFormValues,
  captcha: Captcha | null,
  variant: ContactVariant,
): FieldErrors<ContactFormValues> {
  const errors: FieldErrors<ContactFormValues> = {};
  for (const field of requiredFields(variant)) {
    if (blank(values[field])) errors[field] = { type: 'required', message: BLANK_FIELD_TEXTS[field] };
  }
  if (blank(values.answer)) errors.answer = { type: 'required', message: NO_ANSWER_TEXT };
  else if (!captcha || !isCaptchaSolved(captcha, values.answer))
    errors.answer = { type: 'wrong', message: WRONG_ANSWER_TEXT };
  return errors;
}

/** The form's resolver: its checks against the question shown (the form's context). */
export const contactResolver =
  (variant: ContactVariant): Resolver<ContactFormValues, Captcha | null> =>
  (values, captcha) => {
    const errors = contactFieldErrors(values, captcha ?? null, variant);
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };

/** Whether the checks refused only the answer, and for being wrong: the dialog then asks a new question. */
export const onlyTheAnswerIsWrong = (errors: FieldErrors<ContactFormValues>) =>
  errors.answer?.type === 'wrong' && Object.keys(errors).length === 1;

/**
 * The toast of a send the checks refused. The page says missing fields first, then a missing answer, then a wrong
 * one; the dialog says a missing field or answer in one toast, then a wrong answer.
 */
export function refusalToast(errors: FieldErrors<ContactFormValues>, variant: ContactVariant): RefusalToast {
  const wrongAnswer = onlyTheAnswerIsWrong(errors);
  if (variant === 'dialog') {
    return wrongAnswer
      ? { title: 'Please solve the math problem correctly' }
      : { title: 'Please fill in all fields', description: 'All fields including the captcha are required.' };
  }
  if (requiredFields(variant).some((field) => errors[field])) {
    return { title: 'Missing Fields', description: 'Please fill in all required fields.' };
  }
  return wrongAnswer
    ? { title: 'Incorrect Answer', description: 'Incorrect captcha answer. Please try again.' }
    : { title: 'Captcha Required', description: "Please solve the math problem to verify you're human." };
}

/** The fields a send the API refused names (a 400's issues: an e-mail address it finds malformed), each once. */
export function refusedFields(error: unknown): Partial<Record<MessageField, string>> {
  const texts: Partial<Record<MessageField, string>> = {};
  for (const { path, message } of refusal(error)?.fields ?? []) {
    const field = path[0];
    if (typeof field === 'string' && Object.hasOwn(BLANK_FIELD_TEXTS, field)) texts[field as MessageField] ??= message;
  }
  return texts;
}

/** The POST /api/contact body: the message as typed (the API trims it and takes a blank subject as none). */
export function contactMessage({ name, email, subject, message }: ContactFormValues): ContactMessage {
  return { name, email, subject, message };
}
