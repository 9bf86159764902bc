// The page's one way to its server's JSON API: a JSON body (or a file) out, a JSON
// answer in, the session's CSRF token on every state change (the server
// refuses a signed-in browser's POST or DELETE without it), and a refusal
// thrown as an ApiError whose message is the server's sentence as it is.
// Nothing else in the page calls fetch.

// Me is who this browser is signed in as, the language his account reads
// the page in ("" if none chosen), and the token his session's
// state changes carry.
export interface Me { signed_in: boolean; name?: string; csrf?: string; lang?: string }

// ApiError is the server's refusal, or no answer at all (status 0): its
// words, the status, and how long the server asked to wait before asking
// again (Retry-After, in milliseconds), if it did; code is the refusal's
// stable code, if it has one.
export class ApiError extends Error {
  constructor(message: string, readonly status: number, readonly retryAfter?: number, readonly code?: string) { super(message); }
}

// Words are the reader's language's for a refusal's code, or for the
// page's own "unreachable", "status" and "unreadable"; undefined for a
// code it has none for (the server's English sentence is shown then).
type Words = (code: string, data: { status: number; seconds?: number; params?: Record<string, string | number> }) => string | undefined;
let words: Words = () => undefined;

// sayErrors makes the refusals read in the reader's language (errors.ts).
export function sayErrors(w: Words): void { words = w; }

let current: Promise<Me> | null = null;

// me is the signed-in account, asked of the server once per page.
export function me(): Promise<Me> {
  current ??= api<Me>("GET", "/api/account").catch(() => ({ signed_in: false }));
  return current;
}

// api sends body (if any) as JSON, or a file's bytes as they are, and
// returns the answer's JSON.
export async function api<T>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  const raw = body instanceof Blob;
  if (body !== undefined) headers["Content-Type"] = raw ? "application/octet-stream" : "application/json";
  if (method !== "GET") {
    const { csrf } = await me();
    if (csrf) headers["X-CSRF-Token"] = csrf;
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : raw ? body : JSON.stringify(body) });
  } catch {
    throw new ApiError(words("unreachable", { status: 0 }) ?? "The server cannot be reached: check the connection and try again.", 0);
  }
  const text = await res.text().catch(() => "");
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const { error: said, code, params } = (data ?? {}) as { error?: unknown; code?: unknown; params?: Record<string, string | number> };
    const after = retryAfter(res.headers.get("Retry-After"));
    const own = typeof code === "string" && code ? words(code, { status: res.status, seconds: after === undefined ? undefined : Math.ceil(after / 1000), params }) : undefined;
    throw new ApiError(own ?? (typeof said === "string" && said ? said : words("status", { status: res.status }) ?? `The server could not answer (${res.status} ${res.statusText}); try again in a moment.`),
      res.status, after, typeof code === "string" ? code : undefined);
  }
  if (data === undefined && text) throw new ApiError(words("unreadable", { status: res.status }) ?? "The server's answer could not be read; try again in a moment.", res.status);
  return data as T;
}

// retryAfter reads a Retry-After header, whole seconds or a date.
function retryAfter(v: string | null): number | undefined {
  if (!v) return undefined;
  if (/^\d+$/.test(v.trim())) return 1000 * +v;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
