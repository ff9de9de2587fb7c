// English texts of an application's privacy page in the staff area (export and erasure on request).
export const adminPrivacyEn = {
  title: "Applicant data: export or erase",
  heading: "Export or erase this applicant's data",
  lead: "Answer an applicant who asks for a copy of their data or for its erasure. Both actions are recorded in the audit log.",
  link: "Export or erase this applicant's data",
  back: "Back to the application",
  reference: "Application {id}",
  notFound: "There is no application with this id.",
  export: {
    heading: "Export",
    body: "A JSON file with the applicant's answers, the documents they uploaded (listed with the issuer's file ids), the application's timeline, internal notes, calls to the issuer and webhook events. Hand it to the applicant through a secure channel.",
    button: "Download the data (JSON)",
  },
  erase: {
    heading: "Erase",
    removed:
      "The portal deletes the answers, document references, notes, links, search entries and the bodies of its logs and webhook events for this cardholder.",
    kept: "It keeps the ids, states and dates the merchant must keep, a record of this erasure (who, when, why) and the audit log.",
    issuerTitle: "What the card issuer still holds",
    issuer:
      "The issuer's API offers no deletion. The cardholder {cardholder} and their documents stay with the issuer: ask the issuer's support to erase them, quoting this cardholder id, and keep their answer.",
    issuerNone: "No cardholder was created at the issuer, so the issuer holds nothing for this application.",
    inFlight: "This application is still in progress at the issuer. Mark it failed first, then erase it.",
    reason: "Reason",
    reasonHint: "For example: request by email of 20 November 2026.",
    confirm: "Type the application id to confirm",
    confirmHint: "Type {id}",
    submit: "Erase this applicant's data",
    submitting: "Erasing…",
    errorTitle: "There is a problem",
    failed: "The data could not be erased. Nothing was changed. Try again.",
    done: "The applicant's data was erased.",
    erased: "Erased on {date} by {staff}. Reason: {reason}",
    dropped: "Retention already removed the answers of this application on {date}.",
  },
};
