// Auth.js endpoints for browser sessions (sign-in, sign-out, session)
import { handlers } from "@/auth";

export const { GET, POST } = handlers;
