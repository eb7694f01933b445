import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  HELP_DOCUMENTS,
  type DocumentLocation,
  type HelpDocument,
  type Locale,
} from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { DEFAULT_PRIVACY_POLICY } from './privacy-default.js';

const linksFileSchema = z.record(
  z.string(),
  z.partialRecord(z.enum(HELP_DOCUMENTS), z.url({ protocol: /^https?$/ })),
);
type LinksFile = z.infer<typeof linksFileSchema>;

export interface PrivacyPolicy {
  locale: Locale;
  /** Markdown-like plain text: '#' headings, blank lines between paragraphs */
  text: string;
  /** true: the text shipped with Memoria; false: the operator's own */
  default: boolean;
}

/**
 * Help and legal documents (docs/RULES.md, Help and legal). Help links point to
 * HELP_SITE_URL/<locale>/<document> unless HELP_LINKS_FILE names others (per locale, or
 * under "*" for every locale); the privacy policy is PRIVACY_POLICY_DIR's
 * privacy-policy.<locale>.md (then privacy-policy.md), else the text shipped here. Both are
 * read once and kept: an operator's change applies at the next start.
 */
export function createDocumentService(ctx: AppContext) {
  const { helpSiteUrl, helpLinksFile, privacyPolicyDir } = ctx.config.account;
  let links: Promise<LinksFile> | undefined;
  const policies = new Map<Locale, Promise<PrivacyPolicy>>();

  async function readLinksFile(): Promise<LinksFile> {
    if (!helpLinksFile) return {};
    try {
      return linksFileSchema.parse(JSON.parse(await fs.readFile(helpLinksFile, 'utf8')));
    } catch (error) {
      ctx.log.error({ err: error, file: helpLinksFile }, 'HELP_LINKS_FILE ignored: not readable');
      return {};
    }
  }

  async function readPolicy(locale: Locale): Promise<PrivacyPolicy> {
    if (privacyPolicyDir) {
      for (const name of [`privacy-policy.${locale}.md`, 'privacy-policy.md']) {
        const text = await fs
          .readFile(path.join(privacyPolicyDir, name), 'utf8')
          .catch(() => undefined);
        if (text?.trim()) return { locale, text: text.trim(), default: false };
      }
    }
    return { locale, text: DEFAULT_PRIVACY_POLICY, default: true };
  }

  return {
    async locations(locale: Locale): Promise<DocumentLocation[]> {
      const file = await (links ??= readLinksFile());
      const site = `${helpSiteUrl}/${locale.replace('_', '-')}`;
      return HELP_DOCUMENTS.map((type: HelpDocument) => ({
        document_type: type,
        link: file[locale]?.[type] ?? file['*']?.[type] ?? `${site}/${type}`,
      }));
    },

    privacyPolicy(locale: Locale): Promise<PrivacyPolicy> {
      let policy = policies.get(locale);
      if (!policy) {
        policy = readPolicy(locale);
        policies.set(locale, policy);
      }
      return policy;
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
