// English texts of the flow's second pass (issue #13: answers kept on Back, status while checking and during
// an outage, continuing an application). zh-CN mirrors this shape (apply-flow-zh-cn.ts).
export const applyFlowEn = {
  draftChangedHeading: "These answers were saved somewhere else",
  draftChangedTyped: "What you had typed here, which was not saved:",
  draftChangedPutBack: "Use what I typed here instead",
  draftChanged:
    "These answers were changed after this page was opened, for example in another tab or before you went back. We show the saved answers again: check them, then save.",
  checkingHeading: "Checking your result",
  checkingLead: "You have finished the identity check. We are checking your result with the card issuer; this usually takes a few seconds.",
  slowHeading: "The card issuer is slow to answer",
  slowLead:
    "The card issuer has not answered for a while. Nothing is lost: your application is saved and this page keeps trying. You can also close it and come back later.",
  offlineHeading: "Your connection is down",
  offlineLead:
    "This page cannot reach us from your device right now. Nothing is lost: your application carries on without you, and this page updates as soon as your connection is back.",
  portalSlow: "We cannot fetch your application's latest status right now. Nothing is lost; this page keeps trying.",
  issuerRetryingHeading: "Waiting for the card issuer",
  issuerRetryingLead:
    "Your application is approved, but the card issuer is not answering at the moment. We keep asking it to issue your card, and this page shows it as soon as it is done. You can close it and come back later.",
  kycExpiredHeading: "Your identity check link has expired",
  kycExpiredLead: "The identity check was not finished in time. Start it again: it takes about two minutes.",
  kycStartAgain: "Start the identity check again",
  kycStarting: "Starting the identity check…",
  copyLink: "Copy the link",
  linkCopied: "Link copied.",
  copyFailed: "The link could not be copied. Select it and copy it yourself.",
  continueHeading: "Continue your application",
  continueLead: "This browser holds an application you have not finished.",
  continueItem: "{name}, started on {date}",
  continueDraft: "Continue your application",
  continueSubmitted: "Follow your application",
  continueEnded: "See how it ended",
  endedHeading: "Your card application",
  endedLead: "This browser holds an application that has ended.",
  unknownCard: "Card application",
  acceptingHeading: "Cards that accept these answers",
  acceptingLead:
    "This card cannot be issued with these answers. You can apply for one of these cards instead; your answers to these questions go with you.",
  acceptingNone: "None of our other cards accepts these answers either. If an answer is wrong, correct it; otherwise contact us.",
} as const;
