/** Tests only: the `data` of a card.transaction.authorization event with every field a handler needs. */
export const authorizationData = (transactionId: string, cardId: string, time = "2026-11-22T10:00:00+00:00") => ({
  transaction_id: transactionId,
  card_id: cardId,
  transaction_type: "AUTHORIZATION",
  transaction_status: "APPROVED",
  transaction_amount: "1.00",
  transaction_currency: "USD",
  billing_amount: "1.00",
  billing_currency: "USD",
  transaction_time: time,
});
