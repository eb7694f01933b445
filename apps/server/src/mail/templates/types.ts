/** Templates every locale file defines. */
export type CoreTemplateName =
  'verification' | 'signInCode' | 'passwordReset' | 'passwordChanged' | 'pinReset';
/** Connection request and invitation mails (templates/social/<locale>.ts). */
export type SocialTemplateName = 'connectionRequest' | 'connectionInvitation';
/** The notifications digest (templates/notifications.ts). */
export type NotificationTemplateName = 'notificationDigest';
/** The account's self-service mails (templates/account.ts). */
export type AccountTemplateName =
  'emailChangeConfirm' | 'emailChanged' | 'accountDeletion' | 'exportReady';
/** The subscription lifecycle mails (templates/subscriptions.ts). */
export type SubscriptionTemplateName =
  | 'subscription_expiring'
  | 'subscription_expired'
  | 'subscription_cancelled'
  | 'subscription_renewed';
/** The mail of a file transfer's link (templates/transfer.ts). */
export type TransferTemplateName = 'transferLink';
export type TemplateName =
  | TransferTemplateName
  | CoreTemplateName
  | SocialTemplateName
  | NotificationTemplateName
  | AccountTemplateName
  | SubscriptionTemplateName;

export interface TemplateParams {
  name: string;
  code?: string;
  link?: string;
  minutes?: number;
  /** who sent a connection request or invitation */
  sender?: string;
  /** the sender's personal message */
  message?: string;
  /** how many days a link stays valid */
  days?: number;
  /** lines of a digest (one per notification) */
  items?: string[];
  /** how many things a digest reports */
  count?: number;
  /** an address the mail is about (the new one of an e-mail change) */
  usermail?: string;
  /** how many hours a link stays valid */
  hours?: number;
  /** a date, already written in the mail's language */
  date?: string;
  /** the plan a subscription mail is about */
  product?: string;
  /** the payment grace a subscription mail states */
  weeks?: number;
  /** a transfer's link mail: the files also need a password */
  needsPassword?: boolean;
  /** the conversations with unread messages a digest reports */
  threads?: DigestThread[];
}

/** A conversation in a digest: its unread messages and the newest of them. */
export interface DigestThread {
  /** the group's name; null for a direct conversation (the sender is the other person) */
  title: string | null;
  count: number;
  sender: string;
  excerpt: string;
  url: string;
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

export type Template = (p: TemplateParams) => MailContent;
export type LocaleTemplates = Record<CoreTemplateName, Template>;
export type SocialTemplates = Record<SocialTemplateName, Template>;
export type NotificationTemplates = Record<NotificationTemplateName, Template>;
export type AccountTemplates = Record<AccountTemplateName, Template>;
export type SubscriptionTemplates = Record<SubscriptionTemplateName, Template>;
export type TransferTemplates = Record<TransferTemplateName, Template>;
