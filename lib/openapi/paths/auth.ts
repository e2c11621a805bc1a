import * as examples from "../examples";
import { error, errorContent, json, jsonBody, validation, type Operation } from "../operations";
import { loginRequest } from "../request-schemas";
import * as responses from "../responses";

const login: Operation = {
  method: "post",
  path: "/auth/login",
  operationId: "login",
  tags: ["Authentication"],
  summary: "Obtain a bearer token",
  public: true,
  description: [
    "Exchanges credentials for a bearer token (a JWT) for one `app_id`. The only operation that needs no token.",
    "",
    "Each (user, app_id) has at most one active token: a successful login revokes the token that app_id had and returns a new one; tokens of other app_ids stay valid. Tokens do not expire unless the server sets `TOKEN_TTL_DAYS`.",
    "",
    "Quota: an account has at most 100 live tokens (one per app_id). A login with a new app_id past it is 422 on `app_id` and revokes nothing; a login with an app_id that has a token replaces it as usual, and `POST /auth/logout` frees a place.",
    "",
    "An unknown email, a wrong password and a deactivated account all answer 401 `Invalid credentials`. After 5 failed logins for one email from one client IP within a minute, further attempts are 429 with `Retry-After` (seconds) until the minute has passed. After 20 failed logins for one email within an hour, from any addresses, every attempt for that email is 429 until the oldest of them is an hour old. Concurrent attempts are counted one after another, so a burst checks no more passwords than the limits allow. Requests refused by validation (422) do not count.",
  ].join("\n"),
  request: { body: jsonBody(loginRequest, examples.loginRequestExample) },
  responses: {
    200: { description: "The new token.", content: json(responses.tokenResponse, examples.tokenExample) },
    401: error("Wrong credentials", { invalidCredentials: "Invalid credentials" }),
    422: validation("app_id 1..100 characters, email a valid address, password required, a new app_id past the quota of live tokens", {
      message: "The app id field is required. (and 1 more error)",
      errors: { app_id: ["The app id field is required."], email: ["The email field must be a valid email address."] },
    }),
    429: {
      description: "Too many failed logins for this email from this IP, or for this email from any IP: `Too many login attempts. Please try again in N seconds.`",
      headers: { "Retry-After": { description: "Seconds until the next attempt is allowed.", schema: { type: "integer", minimum: 1 } } },
      content: errorContent({ throttled: "Too many login attempts. Please try again in 42 seconds." }),
    },
  },
};

const logout: Operation = {
  method: "post",
  path: "/auth/logout",
  operationId: "logout",
  tags: ["Authentication"],
  summary: "Revoke the current token",
  extension: true,
  description: "revokes the token that makes this request; using it afterwards is 401. Tokens of other app_ids stay valid. No body.",
  responses: { 200: { description: "The token is revoked.", content: json(responses.logoutResponse, { message: "Logged out." }) } },
};

export const authOperations: Operation[] = [login, logout];
