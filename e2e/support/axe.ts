import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** What fails the accessibility journey (docs/SCREENS.md): axe-core's two worst impacts. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * What a colour theme changes. The dark theme renders the same elements as the light one, so
 * it is checked for these alone (half the time of a full run on a busy machine).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** One serious or critical finding: the rule, where on the page, and on which screen. */
export interface Finding {
  screen: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
  /** the element's opening tag, as axe-core saw it */
  html: string;
}

/**
 * Moves the single-page app to `path` without reloading it, as a link would: the router
 * listens to popstate. One page for many screens keeps the journey short.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Waits until the screen has stopped moving: `ready` is visible, no loader spins and no
 * CSS transition runs (a dialog fading in has half its contrast).
 */
export async function settle(page: Page, ready: Locator): Promise<void> {
  await expect(ready).toBeVisible();
  await expect(
    page.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root:visible'),
  ).toHaveCount(0);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

/**
 * axe-core over the whole document, with label-content-name-mismatch (WCAG 2.5.3, still
 * "experimental" in axe-core, so off by default) switched on. Answers every finding.
 */
export async function auditScreen(
  page: Page,
  screen: string,
  scope: 'all rules' | 'colours' = 'all rules',
): Promise<Finding[]> {
  // Violations are all the journey reads: axe then keeps no node details for the passes and
  // the incomplete checks, the most of a run's time on a screen with many elements.
  const builder = new AxeBuilder({ page });
  if (scope === 'colours') builder.options({ resultTypes: ['violations'] }).withRules(COLOUR_RULES);
  else
    builder.options({
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
  const { violations } = await builder
    // One axe.run in the page: the default mode opens a blank page for every run to merge
    // results across frames, seconds a run on a busy machine, and the app has no frames.
    .setLegacyMode(true)
    .analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      screen,
      rule: violation.id,
      impact: violation.impact ?? '',
      target: node.target.map(String).join(' '),
      summary: (node.failureSummary ?? '').split('\n').slice(0, 2).join(' '),
      html: node.html.slice(0, 160),
    })),
  );
}

/** The findings that fail the journey. */
export function failing(findings: Finding[]): Finding[] {
  return findings.filter((finding) => FAILING_IMPACTS.has(finding.impact));
}

/** "screen: rule (impact) target", one line a finding, for the failure message. */
export function describeFindings(findings: Finding[]): string {
  return findings
    .map((f) => `${f.screen}: ${f.rule} (${f.impact}) ${f.target} — ${f.summary} — ${f.html}`)
    .join('\n');
}

/** How many findings each rule has, and on how many screens: the journey's summary line. */
export function countByRule(findings: Finding[]): Record<string, string> {
  const rules = new Map<string, { nodes: number; screens: Set<string> }>();
  for (const finding of findings) {
    const key = `${finding.rule} (${finding.impact})`;
    const entry = rules.get(key) ?? { nodes: 0, screens: new Set<string>() };
    entry.nodes += 1;
    entry.screens.add(finding.screen);
    rules.set(key, entry);
  }
  return Object.fromEntries(
    [...rules].map(([rule, { nodes, screens }]) => [
      rule,
      `${nodes} nodes on ${screens.size} screens`,
    ]),
  );
}
