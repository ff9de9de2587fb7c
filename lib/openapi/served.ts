import "server-only";
import { getEnv } from "@/lib/env";
import { buildDocument, type OpenApiDocument } from "@/lib/openapi/document";

// Built once per process: the schemas do not change while it runs, and converting them takes a few milliseconds.
let built: OpenApiDocument | undefined;

export function portalDocument(): OpenApiDocument {
  built ??= buildDocument(getEnv().appUrl);
  return built;
}
