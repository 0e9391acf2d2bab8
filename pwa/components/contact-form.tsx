// The contact form, in its two variants. They have different rules and messages, kept apart here:
// - 'page' (/contact): subject optional; the answer is a sum; the question changes after a send.
// - 'dialog' ("Request New Chain or Provider"): every field required; a sum or a
//   difference; a new question on each opening (the form mounts with the dialog), on a failure (answer
//   cleared) and after a send.
import { Loader2, Send } from 'lucide-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useAuth, userLabel } from '../data/auth.ts';
import { useSendContact } from '../data/contact.ts';
import { arithmeticCaptcha, captchaQuestion, sumCaptcha, type Captcha } from '../lib/captcha.ts';
import {
  checkContactDialog,
  checkContactPage,
  contactPayload,
  fieldErrors,
  serverFieldErrors,
  type ContactFields,
  type FieldErrors,
} from '../lib/contact-form.ts';
import { toast, type ToastInput } from '../lib/toast.ts';
import { Button } from './ui/button.tsx';
import { FieldError, Input, Label, Textarea } from './ui/input.tsx';

type Variant = 'page' | 'dialog';

/** fetch() rejects with a TypeError when there is no connection: say that rather than "Failed to fetch". */
const OFFLINE_MESSAGE = 'You appear to be offline. Your message was not sent; try again when you are back online.';
const failureMessage = (e: Error) => (e instanceof TypeError ? OFFLINE_MESSAGE : e.message);

const rules: Record<
  Variant,
  {
    newCaptcha: () => Captcha;
    check: typeof checkContactPage;
    subjectRequired: boolean;
    /** A failed check or send asks a new question (and clears the answer). */
    newQuestionOnFailure: boolean;
    sent: ToastInput;
    failed: (error: Error) => ToastInput;
  }
> = {
  page: {
    newCaptcha: sumCaptcha,
    check: checkContactPage,
    subjectRequired: false,
    newQuestionOnFailure: false,
    sent: {
      title: 'Message Sent',
      description: "Thank you for contacting us! We'll get back to you within 24 hours.",
      variant: 'success',
    },
    failed: (e) => ({
      title: 'Error',
      description: failureMessage(e) || 'Failed to send message. Please try again.',
      variant: 'destructive',
    }),
  },
  dialog: {
    newCaptcha: arithmeticCaptcha,
    check: checkContactDialog,
    subjectRequired: true,
    newQuestionOnFailure: true,
    sent: {
      title: 'Message sent successfully!',
      description: "We'll get back to you as soon as possible.",
      variant: 'success',
    },
    failed: (e) => ({ title: 'Error sending message', description: failureMessage(e), variant: 'destructive' }),
  },
};

const empty: ContactFields = { name: '', email: '', subject: '', message: '' };

/**
 * The contact page's first question, drawn where the page is rendered — on the server for its HTML — and carried
 * to the browser with the page's data (pwa/entry-server.tsx), so it is on the page before the scripts run and the
 * browser hydrates the same question.
 */
export const firstPageQuestion = queryOptions({
  queryKey: ['contact-form', 'first-question'],
  queryFn: () => sumCaptcha(),
  staleTime: Infinity,
});

export function ContactForm({
  variant,
  defaultSubject = '',
  onSent,
  idPrefix = `contact-${variant}`,
}: {
  variant: Variant;
  defaultSubject?: string;
  onSent?: () => void;
  idPrefix?: string;
}) {
  const rule = rules[variant];
  const { user } = useAuth();
  // A signed-in visitor starts with their name and e-mail filled in.
  const [fields, setFields] = useState<ContactFields>(() => ({
    ...empty,
    name: user ? userLabel(user) : '',
    email: user?.email ?? '',
    subject: defaultSubject,
  }));
  // The page's first question comes with the page (firstPageQuestion); the dialog draws one on each opening (it
  // mounts with the dialog), in the browser after the first render, as the dialog is never in the server's HTML.
  const firstQuestion = useQuery({ ...firstPageQuestion, enabled: variant === 'page' });
  const [drawn, setCaptcha] = useState<Captcha | null>(null);
  useEffect(() => {
    if (variant === 'dialog') setCaptcha(rule.newCaptcha());
  }, [variant, rule]);
  const captcha = drawn ?? firstQuestion.data ?? null;
  const [answer, setAnswer] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = useSendContact();

  const newQuestion = () => {
    setCaptcha(rule.newCaptcha());
    setAnswer('');
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    // Pressed before the question was drawn (a press held back while the page loaded): checked against one drawn
    // now, so missing fields and the missing answer are said rather than the press being ignored.
    const question = captcha ?? rule.newCaptcha();
    if (!captcha) setCaptcha(question);
    const problem = rule.check(fields, question, answer);
    setErrors(fieldErrors(fields, question, answer, rule.subjectRequired));
    if (problem) {
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      // Only a wrong answer is a captcha failure; a missing field keeps the question.
      if (rule.newQuestionOnFailure && problem.kind === 'wrong-answer') newQuestion();
      return;
    }
    send.mutate(contactPayload(fields), {
      onSuccess: () => {
        toast(rule.sent);
        setFields({ ...empty, name: fields.name, email: fields.email, subject: defaultSubject });
        newQuestion();
        onSent?.();
      },
      onError: (error) => {
        toast(rule.failed(error));
        setErrors(serverFieldErrors(error));
        if (rule.newQuestionOnFailure) newQuestion();
      },
    });
  };

  const id = (key: string) => `${idPrefix}-${key}`;
  const set = (key: keyof ContactFields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));
  /** A field with an error says so and names the error as its description. */
  const invalid = (key: keyof ContactFields) =>
    errors[key] ? { 'aria-invalid': true, 'aria-describedby': id(`${key}-error`) } : {};
  const required = (
    <span className="text-red-600" aria-hidden="true">
      {' '}
      *
    </span>
  );

  return (
    // noValidate: the form's own messages (toasts) report missing fields; the e-mail type still gives the right keyboard.
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-label={variant === 'page' ? 'Contact form' : undefined}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={id('name')}>Name{required}</Label>
          <Input
            id={id('name')}
            name="name"
            autoComplete="name"
            aria-required="true"
            {...invalid('name')}
            value={fields.name}
            onChange={set('name')}
          />
          <FieldError id={id('name-error')}>{errors.name}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={id('email')}>Email{required}</Label>
          <Input
            id={id('email')}
            name="email"
            type="email"
            autoComplete="email"
            aria-required="true"
            {...invalid('email')}
            value={fields.email}
            onChange={set('email')}
          />
          <FieldError id={id('email-error')}>{errors.email}</FieldError>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id('subject')}>
          Subject{rule.subjectRequired ? required : <span className="font-normal text-slate-500"> (optional)</span>}
        </Label>
        <Input
          id={id('subject')}
          name="subject"
          aria-required={rule.subjectRequired || undefined}
          placeholder={variant === 'dialog' ? 'e.g. Please add Monad Testnet' : 'What is this about?'}
          {...invalid('subject')}
          value={fields.subject}
          onChange={set('subject')}
        />
        <FieldError id={id('subject-error')}>{errors.subject}</FieldError>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id('message')}>Message{required}</Label>
        <Textarea
          id={id('message')}
          name="message"
          rows={variant === 'page' ? 6 : 4}
          aria-required="true"
          placeholder={
            variant === 'dialog'
              ? 'Which chain or provider should we add? Links to its website, docs or RPC endpoints help.'
              : 'How can we help?'
          }
          {...invalid('message')}
          value={fields.message}
          onChange={set('message')}
        />
        <FieldError id={id('message-error')}>{errors.message}</FieldError>
      </div>
      <div className="grid gap-1.5 rounded-lg border border-slate-200 bg-slate-50 p-3">
        <Label htmlFor={id('captcha')}>
          Security check:{' '}
          <span data-testid="captcha-question" className="font-semibold tabular-nums">
            {captcha ? captchaQuestion(captcha) : '…'}
          </span>
          {required}
        </Label>
        <Input
          id={id('captcha')}
          name="captcha"
          inputMode="numeric"
          autoComplete="off"
          aria-required="true"
          aria-invalid={errors.captcha ? true : undefined}
          aria-describedby={errors.captcha ? `${id('captcha-help')} ${id('captcha-error')}` : id('captcha-help')}
          className="max-w-40 bg-white"
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
        />
        <p id={id('captcha-help')} className="text-xs text-slate-600">
          Answer with a whole number so we know you're human.
        </p>
        <FieldError id={id('captcha-error')}>{errors.captcha}</FieldError>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto">
          {send.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
