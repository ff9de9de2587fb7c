import type { FieldDescriptor } from "@/lib/requirements/types";

// App-side types of the upstream resources (camelCase); wire shapes live in lib/issuer/resources/*.

export type KycLevel = "Simplified" | "Standard" | "Enhanced";

export type IssuerProduct = {
  id: string;
  name: string;
  status: string;
  kycLevel: KycLevel;
  modelType: string;
  cardScheme: string;
  country: string;
  supportBillingRegion: string[];
  supportNationality: string[];
  sanctionedNationality: string[];
  supportAreaCode: string[];
  requiredFields: FieldDescriptor[];
  minOpenCardAmount: number;
  minRechargeAmount: number;
  maxCardsPerCardholder: number | null;
  /** Not in the spec's table (the sandbox sends card_currency): the currency card openings draw on, when known. */
  cardCurrency?: string;
};

export type CardholderStatus = "PENDING" | "SUCCESS" | "FAILED";
export type KycStatus = "NOT_STARTED" | "PENDING" | "VERIFIED" | "REJECTED";

export type IssuerCardholder = {
  id: string;
  status: CardholderStatus;
  kycStatus: KycStatus;
  kycUrl: string | undefined;
  kycExpiresAt: string | undefined;
  /** Not in the spec's list of detail fields; present when the upstream reports the cardholder's cards. */
  cards: Array<{ id: string; status: string; maskedNumber?: string }>;
};

export type IssuerFile = { fileId: string; fileName: string; fileType: string; size: number };
export type KycLink = { url: string; expiresAt: string; reviewStatus: string };
export type ValidationIssue =
  | { type: "MISSING_FIELDS"; productId?: string; missingFields: string[]; message: string }
  | { type: "COUNTRY_RESTRICTION"; productId?: string; field?: string; value?: string; message: string };
export type ValidationResult = { valid: boolean; issues: ValidationIssue[]; missingFields: string[] };
