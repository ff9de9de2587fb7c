import NextAuth from "next-auth";
import { withAllowedHost } from "@/lib/api/route";
import { authOptions } from "@/lib/auth/options";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

// GET|POST /api/auth/... - next-auth: the sign-in providers, the session, sign-out (CSRF-protected).
const handler = withAllowedHost(async (request: Request, context: Context) => NextAuth(authOptions())(request, context));

export { handler as GET, handler as POST };
