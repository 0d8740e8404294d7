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
      if (value !== null && value !== undefined && value !== "") url.searchParams.set(key, value);
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
