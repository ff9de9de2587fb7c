// The suite's HTTP client: one simulated browser per address (a loopback alias such as 127.0.3.7, so the
// proxy and the portal see distinct clients), its own cookies, and retries as a person clicking again would.
import http from "node:http";

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** A loopback address of its own for client number `n` (127.0.0.0/8 is all loopback on Linux). */
export const clientAddress = (n) => `127.0.${10 + Math.floor(n / 250)}.${(n % 250) + 1}`;

/** One request; resolves `{ status, headers, text, json }`, or status 0 when the connection failed or broke. */
export function send(baseUrl, method, path, { body, headers = {}, localAddress } = {}) {
  const url = new URL(path, baseUrl);
  return new Promise((resolve) => {
    const request = http.request(
      url,
      { method, agent, localAddress, headers: { ...headers, ...(body ? { "content-length": String(body.length) } : {}) } },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("error", (error) => resolve({ status: 0, error: error.message, headers: {}, text: "", json: undefined }));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
        });
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error("timeout")));
    request.on("error", (error) => resolve({ status: 0, error: error.message, headers: {}, text: "", json: undefined }));
    request.end(body);
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** What a browser meets when an instance dies or the issuer fails: try again, a little later each time. */
const RETRYABLE = new Set([0, 502, 503]);

/** A browser: its address, its cookie jar, and every status it saw (for the summary). */
export class Browser {
  constructor(baseUrl, n, statuses) {
    this.baseUrl = baseUrl;
    this.localAddress = clientAddress(n);
    this.cookies = new Map();
    this.statuses = statuses;
  }

  /** Sends with the browser's cookies, retrying failures with backoff (0.25 s doubling to 4 s, 14 tries). */
  async call(method, path, { json, multipart, form, headers: extra = {} } = {}) {
    let last;
    for (let attempt = 0; attempt < 14; attempt++) {
      if (attempt > 0) await sleep(Math.min(250 * 2 ** (attempt - 1), 4_000));
      const headers = { ...extra, cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
      let body;
      if (json !== undefined) {
        body = Buffer.from(JSON.stringify(json));
        headers["content-type"] = "application/json";
      } else if (form) {
        body = Buffer.from(new URLSearchParams(form).toString());
        headers["content-type"] = "application/x-www-form-urlencoded";
      } else if (multipart) {
        const boundary = `----rel${Math.random().toString(16).slice(2)}`;
        body = multipartBody(boundary, multipart);
        headers["content-type"] = `multipart/form-data; boundary=${boundary}`;
      }
      last = await send(this.baseUrl, method, path, { body, headers, localAddress: this.localAddress });
      this.statuses.set(last.status, (this.statuses.get(last.status) ?? 0) + 1);
      this.keepCookies(last.headers["set-cookie"]);
      if (!RETRYABLE.has(last.status)) return last;
    }
    throw new Error(`${method} ${path} kept failing (last ${last.status} ${last.error ?? last.text.slice(0, 200)})`);
  }

  keepCookies(setCookie) {
    for (const line of setCookie ?? []) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
}

/** A multipart/form-data body of text fields and one file `{ field, name, type, data }`. */
function multipartBody(boundary, { fields = {}, file }) {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return Buffer.concat([Buffer.from(parts.join("") + head), file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
}

export const closeClient = () => agent.destroy();
