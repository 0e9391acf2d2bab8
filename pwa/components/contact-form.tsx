// The contact form, in its two variants. They have different rules and messages, kept apart here:
// - 'page' (/contact): subject optional; the answer is a sum; the question changes after a send.
// - 'dialog' ("Request New Chain or Provider"): every field required; a sum or a
//   difference; a new question on each opening (the form mounts with the dialog), on a failure (answer
//   cleared) and after a send.
import { Loader2, Send } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useController, useForm, type FieldErrors } from 'react-hook-form';
import { useAuth, userLabel } from '../data/auth.ts';
import { firstPageQuestion, useSendContact } from '../data/contact.ts';
import { arithmeticCaptcha, captchaQuestion, sumCaptcha, type Captcha } from '../lib/captcha.ts';
import {
  contactMessage,
  contactResolver,
  onlyTheAnswerIsWrong,
  refusalToast,
  refusedFields,
  requiredFields,
  type ContactFormValues,
  type ContactVariant,
} from '../lib/contact-form.ts';
import { toast, type ToastInput } from '../lib/toast.ts';
import { Button } from './ui/button.tsx';
import { FieldError, Input, Label, Textarea } from './ui/input.tsx';

/** fetch() rejects with a TypeError when there is no connection: say that rather than "Failed to fetch". */
const OFFLINE_MESSAGE = 'You appear to be offline. Your message was not sent; try again when you are back online.';
const failureMessage = (e: Error) => (e instanceof TypeError ? OFFLINE_MESSAGE : e.message);

const rules: Record<
  ContactVariant,
  {
    newCaptcha: () => Captcha;
    /** A wrong answer or a failed send asks a new question (and clears the answer). */
    newQuestionOnFailure: boolean;
    sent: ToastInput;
    failed: (error: Error) => ToastInput;
  }
> = {
  page: {
    newCaptcha: sumCaptcha,
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
    newQuestionOnFailure: true,
    sent: {
      title: 'Message sent successfully!',
      description: "We'll get back to you as soon as possible.",
      variant: 'success',
    },
    failed: (e) => ({ title: 'Error sending message', description: failureMessage(e), variant: 'destructive' }),
  },
};

export function ContactForm({
  variant,
  defaultSubject = '',
  onSent,
  idPrefix = `contact-${variant}`,
}: {
  variant: ContactVariant;
  defaultSubject?: string;
  onSent?: () => void;
  idPrefix?: string;
}) {
  const rule = rules[variant];
  const subjectRequired = requiredFields(variant).includes('subject');
  const { user } = useAuth();
  // The page's first question comes with the page (firstPageQuestion); the dialog draws one on each opening (it
  // mounts with the dialog), in the browser after the first render, as the dialog is never in the server's HTML.
  const firstQuestion = useQuery({ ...firstPageQuestion, enabled: variant === 'page' });
  const [drawn, setCaptcha] = useState<Captcha | null>(null);
  useEffect(() => {
    if (variant === 'dialog') setCaptcha(rule.newCaptcha());
  }, [variant, rule]);
  const captcha = drawn ?? firstQuestion.data ?? null;
  // A signed-in visitor starts with their name and e-mail filled in.
  const form = useForm<ContactFormValues, Captcha | null>({
    defaultValues: {
      name: user ? userLabel(user) : '',
      email: user?.email ?? '',
      subject: defaultSubject,
      message: '',
      answer: '',
    },
    resolver: contactResolver(variant),
    context: captcha,
  });
  const { errors } = form.formState;
  // Controlled inputs, as React hands over to them the text typed before the page's scripts ran.
  const { control } = form;
  const inputs = {
    name: useController({ control, name: 'name' }).field,
    email: useController({ control, name: 'email' }).field,
    subject: useController({ control, name: 'subject' }).field,
    message: useController({ control, name: 'message' }).field,
    answer: useController({ control, name: 'answer' }).field,
  };
  const send = useSendContact();

  const newQuestion = () => {
    setCaptcha(rule.newCaptcha());
    form.setValue('answer', '');
  };

  const onRefused = (refused: FieldErrors<ContactFormValues>) => {
    toast({ ...refusalToast(refused, variant), variant: 'destructive' });
    // Pressed before the question was drawn (a press held back while the page loaded): one is drawn now.
    if (!captcha) setCaptcha(rule.newCaptcha());
    // Only a wrong answer is a captcha failure; a missing field keeps the question.
    else if (rule.newQuestionOnFailure && onlyTheAnswerIsWrong(refused)) newQuestion();
  };

  const onChecked = (values: ContactFormValues) => {
    if (send.isPending) return;
    send.mutate(contactMessage(values), {
      onSuccess: () => {
        toast(rule.sent);
        form.reset({ ...values, subject: defaultSubject, message: '', answer: '' });
        newQuestion();
        onSent?.();
      },
      onError: (error) => {
        toast(rule.failed(error));
        // The fields the API refused (a malformed e-mail address), said next to them.
        for (const [field, message] of Object.entries(refusedFields(error)))
          form.setError(field as keyof ContactFormValues, { type: 'server', message });
        if (rule.newQuestionOnFailure) newQuestion();
      },
    });
  };

  const id = (key: string) => `${idPrefix}-${key}`;
  /** A field with an error says so and names the error as its description. */
  const invalid = (key: keyof ContactFormValues) =>
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
      onSubmit={form.handleSubmit(onChecked, onRefused)}
      noValidate
      className="grid gap-4"
      aria-label={variant === 'page' ? 'Contact form' : undefined}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={id('name')}>Name{required}</Label>
          <Input id={id('name')} autoComplete="name" aria-required="true" {...invalid('name')} {...inputs.name} />
          <FieldError id={id('name-error')}>{errors.name?.message}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={id('email')}>Email{required}</Label>
          <Input
            id={id('email')}
            type="email"
            autoComplete="email"
            aria-required="true"
            {...invalid('email')}
            {...inputs.email}
          />
          <FieldError id={id('email-error')}>{errors.email?.message}</FieldError>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id('subject')}>
          Subject{subjectRequired ? required : <span className="font-normal text-slate-500"> (optional)</span>}
        </Label>
        <Input
          id={id('subject')}
          aria-required={subjectRequired || undefined}
          placeholder={variant === 'dialog' ? 'e.g. Please add Monad Testnet' : 'What is this about?'}
          {...invalid('subject')}
          {...inputs.subject}
        />
        <FieldError id={id('subject-error')}>{errors.subject?.message}</FieldError>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id('message')}>Message{required}</Label>
        <Textarea
          id={id('message')}
          rows={variant === 'page' ? 6 : 4}
          aria-required="true"
          placeholder={
            variant === 'dialog'
              ? 'Which chain or provider should we add? Links to its website, docs or RPC endpoints help.'
              : 'How can we help?'
          }
          {...invalid('message')}
          {...inputs.message}
        />
        <FieldError id={id('message-error')}>{errors.message?.message}</FieldError>
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
          inputMode="numeric"
          autoComplete="off"
          aria-required="true"
          aria-invalid={errors.answer ? true : undefined}
          aria-describedby={errors.answer ? `${id('captcha-help')} ${id('captcha-error')}` : id('captcha-help')}
          className="max-w-40 bg-white"
          {...inputs.answer}
        />
        <p id={id('captcha-help')} className="text-xs text-slate-600">
          Answer with a whole number so we know you're human.
        </p>
        <FieldError id={id('captcha-error')}>{errors.answer?.message}</FieldError>
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
