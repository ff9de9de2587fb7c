import { apiRoute } from "@/lib/api/route";
import { citiesAnswer } from "@/lib/api/schemas/applicant";
import { citySuggestions } from "@/lib/applications/cities";
import { LIMITS } from "@/lib/security/rate-limit";

export const dynamic = "force-dynamic";

// GET /api/cities?country=GB - the issuer's cities of a country, suggested on address forms (public reference data).
export const GET = apiRoute({ rateLimit: LIMITS.cities, answer: citiesAnswer }, async ({ request }) => ({
  cities: await citySuggestions(new URL(request.url).searchParams.get("country")),
}));
