export type TemplateName =
  'verification' | 'signInCode' | 'passwordReset' | 'passwordChanged' | 'pinReset';

export interface TemplateParams {
  name: string;
  code?: string;
  link?: string;
  minutes?: number;
}

/** What a template says; the renderer lays it out as text and HTML. */
export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** a code shown large */
  code?: string;
  /** a button with its link */
  action?: { label: string; url: string };
  footer: string;
}

export type LocaleTemplates = Record<TemplateName, (p: TemplateParams) => MailContent>;
