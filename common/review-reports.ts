// Report review (beyond the spec): the reasons, the note's limit and the texts, shared by the server and every
// review card. No zod here (the payload is admin.ts's reviewReportInput): a screen that lists reviews loads none.
export const REVIEW_REPORT_NOTE_MAX = 500;

export const REVIEW_REPORT_REASONS = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or abusive',
  false: 'False or misleading',
  conflict: 'Conflict of interest',
  private: 'Shares private information',
} as const;
export type ReviewReportReason = keyof typeof REVIEW_REPORT_REASONS;

export const REVIEW_REPORT_TEXTS = {
  action: 'Report review',
  title: 'Report this review',
  reasonLabel: 'Reason',
  noteLabel: 'Note (optional)',
  submit: 'Send report',
  sent: 'Report sent',
  sentDescription: 'Thank you. A moderator will look at this review.',
  reasonRequired: 'Please choose a reason.',
  noteTooLong: `Please keep the note under ${REVIEW_REPORT_NOTE_MAX} characters.`,
  alreadyReported: 'You have already reported this review.',
  ownReview: 'You cannot report your own review.',
  reviewNotFound: 'Review not found',
  removed: 'Removed by a moderator',
} as const;
