/**
 * The privacy policy shipped with Memoria, shown at /privacy-policy until the operator puts
 * their own in PRIVACY_POLICY_DIR (README.md, Configuration). It describes what this software
 * does; the operator is responsible for a policy that fits their service and jurisdiction.
 */
export const DEFAULT_PRIVACY_POLICY = `# Privacy policy

This service runs Memoria. This text describes what the software keeps about you and why. The operator of this service may replace it with their own policy.

## What is kept

Your account: your email address, your name, your password (only as a one-way hash), your language and country, and the settings you choose.

What you create: memos, collections, comments, reactions, files, and the connections you make with other people.

Your sessions: for each device you sign in on, the browser and system it reports, its network address and when it was last used, so you can see them and sign them out.

## What it is used for

To run the service for you: to show your content to the people you choose, to send you the notifications you ask for, and to keep your account safe.

Nothing is sold, and nothing is shown to advertisers.

## Your choices

In the account settings you can change your email address, download a copy of your data, sign out other devices, and delete your account. A deleted account is disabled at once and removed with everything it holds after a short grace period; signing in during that period cancels the deletion.

## Contact

For any question about your data, contact the operator of this service.`;
