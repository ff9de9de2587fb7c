// English texts of the applicant-facing privacy notice (/privacy).
export const privacyEn = {
  title: "Privacy notice",
  heading: "How we handle your data",
  lead: "What this portal keeps when you apply for a card, for how long, and how to ask for a copy or for its erasure.",
  keptHeading: "What we keep",
  kept1: "Your answers (name, date of birth, identity number, contact details and addresses), sealed with encryption on our servers.",
  kept2: "References to the identity documents you upload. The documents themselves are sent to the card issuer, which keeps them.",
  kept3: "A record of your application's progress, of our calls to the card issuer and of the issuer's notifications.",
  sharedHeading: "Who sees it",
  shared:
    "The card issuer, to check your identity and issue your card, and the merchant's staff who help applicants. Staff see identity numbers masked; every time one is shown in full, it is recorded.",
  howLongHeading: "For how long",
  draft: "An application you do not finish is deleted {days, plural, one {# day} other {# days}} after your last change.",
  logs: "Records of our calls to the card issuer, of its notifications and of where your card was used are reduced to dates, amounts and outcomes after {days, plural, one {# day} other {# days}}.",
  finished:
    "When an application is finished, your answers are deleted {days, plural, one {# day} other {# days}} after its last change; the dates, states and card reference are kept.",
  rightsHeading: "Your rights",
  rights:
    "You may ask for a copy of the data we hold about you, or for its erasure. The card issuer keeps its own copy under its own rules: we tell you what it holds and how to ask it.",
  contactEmail: "Write to {contact}.",
  contactUrl: "Use this form: {contact}",
  contactNone: "Ask the merchant that invited you to apply.",
};
