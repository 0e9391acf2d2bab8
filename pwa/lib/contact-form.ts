// Browser-side validation of the two contact forms, in the order and with the messages of the specs.
// Each returns the toast to show, or null when the message may be sent.
import { isCaptchaSolved, type Captcha } from './captcha.ts';

export type ContactFields = { name: string; email: string; subject: string; message: string };
export type FormProblem = { kind: 'missing-fields' | 'missing-answer' | 'wrong-answer'; title: string; description?: string };

/** Where to write instead of (or besides) using the form. Reserved `.example` domain until the operator sets theirs. */
export const CONTACT_EMAIL = 'hello@rpcatlas.example';

const blank = (s: string) => s.trim() === '';

/** /contact (spec 001 §5): name, email and message required, subject optional; then the sum. */
export function checkContactPage(fields: ContactFields, captcha: Captcha, answer: string): FormProblem | null {
  if (blank(fields.name) || blank(fields.email) || blank(fields.message)) {
    return { kind: 'missing-fields', title: 'Missing Fields', description: 'Please fill in all required fields.' };
  }
  if (blank(answer)) {
    return { kind: 'missing-answer', title: 'Captcha Required', description: "Please solve the math problem to verify you're human." };
  }
  if (!isCaptchaSolved(captcha, answer)) {
    return { kind: 'wrong-answer', title: 'Incorrect Answer', description: 'Incorrect captcha answer. Please try again.' };
  }
  return null;
}

/** "Request New Chain or Provider" dialog (spec 000 §5): every field and the answer required; then the arithmetic. */
export function checkContactDialog(fields: ContactFields, captcha: Captcha, answer: string): FormProblem | null {
  if (Object.values(fields).some(blank) || blank(answer)) {
    return { kind: 'missing-fields', title: 'Please fill in all fields', description: 'All fields including the captcha are required.' };
  }
  if (!isCaptchaSolved(captcha, answer)) return { kind: 'wrong-answer', title: 'Please solve the math problem correctly' };
  return null;
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
