import { apiRoute } from "@/lib/api/route";
import { productsAnswer } from "@/lib/api/schemas/applicant";
import { listEnabledProducts } from "@/lib/applications/product";

export const dynamic = "force-dynamic";

// GET /api/products - the ENABLED card products and what each asks of a cardholder.
export const GET = apiRoute({ answer: productsAnswer }, async () => ({ products: await listEnabledProducts() }));
