// English texts of the check-answers page's grouped rows and of how an application ends (issued, rejected,
// failed). zh-CN mirrors this shape.
export const applyReviewEn = {
  review: {
    name: "Name",
    phone: "Mobile number",
    address: "Address",
    notGiven: "Not given",
    sameAsBilling: "Same as billing address",
    fieldIn: "{field} ({group})",
    leadNoKyc:
      "Change anything that is not right. When you apply, we check your answers with the card issuer and your card is issued; no identity check is needed.",
  },
  status: {
    notReached: "not reached",
    referenceHint: "Quote this reference if you contact the merchant.",
    issuedNext: "Your card is ready. Use it in the merchant's app.",
    issuedNextLink: "Go to the merchant's app",
    issuedNoLink: "Your card is ready. You will find it in the merchant's app or website.",
    closed: "This application is closed: nothing more will happen with it.",
    what: {
      kycRejected: "The identity check could not confirm who you are, so the card issuer cannot issue this card.",
      cardholderFailed: "The card issuer did not approve your application, so this card cannot be issued.",
      countryRestriction: "This card is not available for your country or region, so it cannot be issued.",
      fieldsIncomplete: "The card issuer needs details that this application did not include, so the card could not be issued.",
      referenceExists: "The identity verification had already been used for another application, so this one could not go ahead.",
      other: "The card issuer could not complete your application, so no card was issued.",
    },
    contactMerchant:
      "Contact the merchant's support and give them your reference {reference}. They can tell you more, and whether you can apply again.",
    supportVia: "Support:",
    noCheckCards: "You can still apply for a card that needs no identity check:",
    otherCards: "You may be able to apply for another card:",
  },
} as const;
