/**
 * English texts of the report dialog (docs/DOMAIN.md, Entities: Report, Validation: Reports;
 * docs/API.md, Errors).
 */
export const reports = {
  title: {
    memo: 'Report this memo',
    collection: 'Report this collection',
    profile: 'Report this profile',
  },
  text: 'Tell us what is wrong. A moderator will look at your report.',
  reason: 'Reason',
  reasonRequired: 'Please give a reason',
  submit: 'Send report',
  userReported: 'Thank you. The profile was reported.',
  contentReported: 'Thank you. The content was reported.',
  error: 'The report could not be sent. Please try again.',
} as const;
