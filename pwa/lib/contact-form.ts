// Browser-side validation of the two contact forms, in a fixed order and with fixed messages.
// Each returns the toast to show, or null when the message may be sent.
import { isCaptchaSolved, type Captcha } from './captcha.ts';

export type ContactFields = { name: string; email: string; subject: string; message: string };
export type FormProblem = {
  kind: 'missing-fields' | 'missing-answer' | 'wrong-answer';
  title: string;
  description?: string;
};

/** Where to write instead of (or besides) using the form. Reserved `.example` domain until the operator sets theirs. */
export const CONTACT_EMAIL = 'hello@rpcatlas.example';

const blank = (s: string) => s.trim() === '';

/** /contact: name, email and message required, subject optional; then the sum. */
export function checkContactPage(fields: ContactFields, captcha: Captcha, answer: string): FormProblem | null {
  if (blank(fields.name) || blank(fields.email) || blank(fields.message)) {
    return { kind: 'missing-fields', title: 'Missing Fields', description: 'Please fill in all required fields.' };
  }
  if (blank(answer)) {
    return {
      kind: 'missing-answer',
      title: 'Captcha Required',
      description: "Please solve the math problem to verify you're human.",
    };
  }
  if (!isCaptchaSolved(captcha, answer)) {
    return {
      kind: 'wrong-answer',
      title: 'Incorrect Answer',
      description: 'Incorrect captcha answer. Please try again.',
    };
  }
  return null;
}

/** "Request New Chain or Provider" dialog: every field and the answer required; then the arithmetic. */
export function checkContactDialog(fields: ContactFields, captcha: Captcha, answer: string): FormProblem | null {
  if (Object.values(fields).some(blank) || blank(answer)) {
    return {
      kind: 'missing-fields',
      title: 'Please fill in all fields',
      description: 'All fields including the captcha are required.',
    };
  }
  if (!isCaptchaSolved(captcha, answer))
    return { kind: 'wrong-answer', title: 'Please solve the math problem correctly' };
  return null;
}

/** What is wrong with each field, shown next to it (beside the toast, which names no field). */
export type FieldErrors = Partial<Record<keyof ContactFields | 'captcha', string>>;

/** The required fields left blank and the answer's problem; `subjectRequired` in the dialog only. */
export function fieldErrors(
  fields: ContactFields,
  captcha: Captcha,
  answer: string,
  subjectRequired: boolean,
): FieldErrors {
  const errors: FieldErrors = {};
  if (blank(fields.name)) errors.name = 'Please enter your name.';
  if (blank(fields.email)) errors.email = 'Please enter your e-mail address.';
  if (subjectRequired && blank(fields.subject)) errors.subject = 'Please enter a subject.';
  if (blank(fields.message)) errors.message = 'Please enter your message.';
  if (blank(answer)) errors.captcha = 'Please answer the question.';
  else if (!isCaptchaSolved(captcha, answer)) errors.captcha = 'That answer is not right; please try again.';
  return errors;
}

/**
 * The fields a refused send names (a 400's issues, as "400: {"message", "issues": [{path, message}]}"), e.g. an
 * e-mail address the server finds malformed; nothing for any other failure.
 */
export function serverFieldErrors(error: Error): FieldErrors {
  const body = /^400: (.*)$/s.exec(error.message)?.[1];
  if (!body) return {};
  let issues: unknown;
  try {
    issues = (JSON.parse(body) as { issues?: unknown }).issues;
  } catch {
    return {};
  }
  if (!Array.isArray(issues)) return {};
  const errors: FieldErrors = {};
  for (const issue of issues as { path?: unknown[]; message?: unknown }[]) {
    const key = issue.path?.[0];
    if (
      (key === 'name' || key === 'email' || key === 'subject' || key === 'message') &&
      typeof issue.message === 'string'
    ) {
      errors[key] ??= issue.message;
    }
  }
  return errors;
}

/** The POST /api/contact body: trimmed, an empty subject left out. */
export function contactPayload(fields: ContactFields) {
  const subject = fields.subject.trim();
  return {
    name: fields.name.trim(),
    email: fields.email.trim(),
    ...(subject ? { subject } : {}),
    message: fields.message.trim(),
  };
}
