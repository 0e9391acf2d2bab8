// The browser-side arithmetic checks of the two contact forms. They differ on purpose:
// - the contact page asks for the sum of two numbers from 1 to 10;
// - the "Request New Chain or Provider" dialog asks for a sum or a difference of two numbers
//   from 1 to 10, and a difference is never negative.
// Neither is a security boundary (the server rate-limits /api/contact); they only keep casual bots out.

export const CAPTCHA_MIN = 1;
export const CAPTCHA_MAX = 10;

export type Captcha = { a: number; b: number; op: '+' | '-' };

/** A random source returning [0, 1), like Math.random (injectable for tests). */
export type Random = () => number;

function operand(random: Random): number {
  return CAPTCHA_MIN + Math.floor(random() * (CAPTCHA_MAX - CAPTCHA_MIN + 1));
}

/** Contact page: a + b. */
export function sumCaptcha(random: Random = Math.random): Captcha {
  return { a: operand(random), b: operand(random), op: '+' };
}

/** Contact dialog: a + b or a - b, with the larger number first for a difference (never negative). */
export function arithmeticCaptcha(random: Random = Math.random): Captcha {
  const x = operand(random);
  const y = operand(random);
  if (random() < 0.5) return { a: x, b: y, op: '+' };
  return { a: Math.max(x, y), b: Math.min(x, y), op: '-' };
}

export function captchaAnswer(c: Captcha): number {
  return c.op === '+' ? c.a + c.b : c.a - c.b;
}

/** "What is 7 + 3?" */
export function captchaQuestion(c: Captcha): string {
  return `What is ${c.a} ${c.op === '+' ? '+' : '−'} ${c.b}?`;
}

/** Whether the typed answer is the right whole number (surrounding spaces allowed; "7.0", "7a" or "" are not). */
export function isCaptchaSolved(c: Captcha, input: string): boolean {
  const t = input.trim();
  return /^-?\d+$/.test(t) && Number(t) === captchaAnswer(c);
}
