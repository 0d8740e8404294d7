// The JSON API as this page's token allows: every request carries the token of the page's
// link (if any) as a bearer header; errors come back as problem documents with our codes.

export class ApiError extends Error {
  constructor(status, code, detail) {
    super(`${code}: ${detail}`);
    this.status = status;
    this.code = code;
  }
}

export class Api {
  constructor(token) {
    this.token = token || null;
  }

  headers(accept = "application/json") {
    const headers = { Accept: accept };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    return headers;
  }

  url(path, params = {}) {
    const url = new URL(`/api/v1${path}`, window.location.origin);
    for (const [key, value] of Object.entries(params)) {
      if (Array.isArray(value)) for (const one of value) url.searchParams.append(key, one);
      else if (value !== null && value !== undefined && value !== "") url.searchParams.set(key, value);
    }
    return url;
  }

  async get(path, params = {}, options = {}) {
    const response = await fetch(this.url(path, params), {
      headers: this.headers(),
      signal: options.signal,
    });
    if (!response.ok) throw await problem(response);
    return response.json();
  }

  // A change (POST): a JSON body, and the version it was decided on as If-Match when given.
  async send(method, path, body, params = {}, ifMatch = null) {
    const headers = this.headers();
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (ifMatch !== null && ifMatch !== undefined) headers["If-Match"] = `"${ifMatch}"`;
    const response = await fetch(this.url(path, params), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw await problem(response);
    return response.json();
  }

  async text(path, params = {}) {
    const response = await fetch(this.url(path, params), { headers: this.headers("*/*") });
    if (!response.ok) throw await problem(response);
    return response.text();
  }
}

async function problem(response) {
  try {
    const doc = await response.json();
    return new ApiError(response.status, doc.code || response.status, doc.detail || doc.title);
  } catch {
    return new ApiError(response.status, response.status, response.statusText || "request failed");
  }
}
