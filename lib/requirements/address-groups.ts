// The address objects the spec names; a module of its own so that browser code can use it without the schemas.
export const ADDRESS_GROUPS = ["billing_address", "residential_address", "delivery_address"] as const;
