/**
 * What uploads cost the production server (issue 26): its RSS and the latency of /healthz while
 *
 *  1. six support tickets with five 9.5 MB files each (three PDFs, two PNGs) are sent at once to the API
 *     (`POST /api/v1/support/tickets/{id}`, three demo users, two each);
 *  2. the same six go through the portal's support form (`POST /support/{id}/new`, signed in);
 *  3. one multipart post of 5 × 25 MB is sent to an /api/v1 path that does not exist: how long the answer
 *     takes, and how much of the body the client had sent when it came.
 *
 * It starts the production portal with its embedded API on a fresh DATA_DIR (a build must exist:
 * `npm run build`), measures, stops it and removes what it made.
 *
 *   node scripts/measure-uploads.mjs            (MEASURE_PORT, default 3390)
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import http from "node:http";
import { deflateSync, crc32 } from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { Agent, FormData, fetch as send } from "undici";
import { checkBuild, pidOnPort, signIn, sleep, startEmbeddedPortal, stopAll, DEMO_PASSWORD } from "./bench-lib.mjs";

const MB = 1024 * 1024;
const FILE_BYTES = Math.round(9.5 * MB);
const port = Number(process.env.MEASURE_PORT ?? 3390);
/** Uploads may take minutes on a slow server: measured, not cut short (20 minutes at most). */
const patient = new Agent({ headersTimeout: 20 * 60_000, bodyTimeout: 20 * 60_000 });

/** Sends one upload: its status, or why it had none, and how long it took. */
async function upload(url, init) {
  const started = performance.now();
  try {
    const res = await send(url, { ...init, dispatcher: patient });
    const text = await res.text();
    const why = res.status >= 400 ? ` (${text.slice(0, 160)})` : "";
    return `${res.status} in ${((performance.now() - started) / 1000).toFixed(1)} s${why}`;
  } catch (error) {
    return `${error.cause?.code ?? error.message} after ${((performance.now() - started) / 1000).toFixed(1)} s`;
  }
}

/** A valid PDF of about `bytes` bytes: one page and a stream of random bytes. */
async function bigPdf(bytes) {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  doc.context.register(doc.context.stream(randomBytes(bytes - 1200)));
  const out = await doc.save({ useObjectStreams: false });
  return new Uint8Array(out);
}

/** A valid PNG of about `bytes` bytes: random RGB pixels, stored without compression. */
function bigPng(bytes) {
  const width = 1800;
  const row = width * 3 + 1;
  const height = Math.floor((bytes - 200) / row);
  const raw = randomBytes(row * height);
  for (let y = 0; y < height; y++) raw[y * row] = 0; // filter byte: none
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "latin1");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", deflateSync(raw, { level: 0 })),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

const rssMb = (pid) => {
  let status = "";
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return NaN;
  }
  const line = status.match(/^VmRSS:\s+(\d+)/m);
  return line ? Number(line[1]) / 1024 : NaN;
};

/** Samples the server's RSS and /healthz while `work` runs. */
async function measure(base, pid, work) {
  await sleep(1500);
  const before = rssMb(pid);
  let peak = before;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const now = rssMb(pid);
      if (Number.isNaN(now)) await sleep(3000).then(() => Promise.reject(new Error(`the server (pid ${pid}) is gone`)));
      peak = Math.max(peak, now);
      await sleep(50);
    }
  })();
  const latencies = [];
  const failures = [];
  const prober = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/healthz`);
        await res.arrayBuffer();
        latencies.push(performance.now() - started);
      } catch (error) {
        failures.push(error.cause?.code ?? error.message);
      }
      await sleep(100);
    }
  })();
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await Promise.all([sampler, prober]);
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    result,
    seconds: seconds.toFixed(1),
    rssBefore: Math.round(before),
    rssPeak: Math.round(peak),
    growth: Math.round(peak - before),
    load: loadavg()
      .map((n) => n.toFixed(1))
      .join(" "),
    healthz: `median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${at(1).toFixed(0)} ms (${latencies.length} probes${failures.length ? `, ${failures.length} failed: ${[...new Set(failures)]}` : ""})`,
  };
}

const fields = (form, subject) => {
  form.append("category", "other");
  form.append("subject", subject);
  form.append("description", "Measured upload: five large attachments.");
  form.append("cc_emails", "");
};

function attachmentsForm(files, subject, field = "attachments") {
  const form = new FormData();
  fields(form, subject);
  files.forEach((bytes, i) =>
    form.append(field, new Blob([bytes], { type: i < 3 ? "application/pdf" : "image/png" }), i < 3 ? `scan-${i}.pdf` : `photo-${i}.png`),
  );
  return form;
}

async function apiToken(base, username) {
  const res = await fetch(`${base}/api/v1/auth/access-token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const body = await res.json();
  if (!body.token) throw new Error(`no token for ${username}: ${res.status}`);
  return body.token;
}

/**
 * A multipart post of `total` bytes declared in Content-Length to `path`: answers the status, the time to
 * the answer's headers and how many body bytes had been written by then.
 */
function declaredPost(base, path, token, total) {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let written = 0;
    let answered = null;
    const req = http.request(url, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "multipart/form-data; boundary=xyz", "content-length": String(total) },
    });
    req.on("response", (res) => {
      answered = { status: res.statusCode, ms: Math.round(performance.now() - started), writtenBeforeAnswer: written };
      res.resume();
      res.on("end", () => {
        req.destroy();
        resolve(answered);
      });
    });
    req.on("error", (error) => (answered ? resolve(answered) : reject(error)));
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    const head = Buffer.from(
      `--xyz\r\nContent-Disposition: form-data; name="attachments"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    const pump = () => {
      while (!answered && written < total) {
        const piece = written === 0 ? head : chunk.subarray(0, Math.min(chunk.length, total - written));
        written += piece.length;
        if (!req.write(piece)) return req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

async function main() {
  checkBuild();
  console.log("making the files…");
  const files = [await bigPdf(FILE_BYTES), await bigPdf(FILE_BYTES), await bigPdf(FILE_BYTES), bigPng(FILE_BYTES), bigPng(FILE_BYTES)];
  console.log(`five files: ${files.map((f) => (f.length / MB).toFixed(2)).join(", ")} MB`);
  let base = process.env.MEASURE_BASE;
  if (!base) {
    const { base: started, portal: server } = await startEmbeddedPortal({ port });
    server.exited.then(({ code, signal }) => console.error(`server exited: ${code ?? signal}\n${server.output}`));
    base = started;
  }
  const pid = pidOnPort(Number(new URL(base).port));
  console.log(`server pid ${pid}`);
  const who = [
    ["resi@example.com", 100101],
    ["family@example.com", 100202],
    ["business@example.com", 200301],
  ];
  const tokens = await Promise.all(who.map(([username]) => apiToken(base, username)));
  const cookies = [];
  for (const [username] of who) cookies.push(await signIn(base, username));

  console.log("signed in");
  // Warm-up: one small ticket through each way, so that what loads lazily has loaded.
  const small = [await bigPdf(64 * 1024)];
  const warmUp = [
    await upload(`${base}/api/v1/support/tickets/100101`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens[0]}` },
      body: attachmentsForm(small, "warm-up"),
    }),
    await upload(`${base}/support/100101/new`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: cookies[0], origin: base },
      body: attachmentsForm(small, "warm-up"),
    }),
  ];

  console.log(`warmed up: ${warmUp.join(", ")}`);
  const six = Array.from({ length: 6 }, (_, i) => i % 3);
  const api = await measure(base, pid, () =>
    Promise.all(
      six.map((u, i) =>
        upload(`${base}/api/v1/support/tickets/${who[u][1]}`, {
          method: "POST",
          headers: { authorization: `Bearer ${tokens[u]}` },
          body: attachmentsForm(files, `api ${i}`),
        }),
      ),
    ),
  );
  const portal = await measure(base, pid, () =>
    Promise.all(
      six.map((u, i) =>
        upload(`${base}/support/${who[u][1]}/new`, {
          method: "POST",
          redirect: "manual",
          headers: { cookie: cookies[u], origin: base },
          body: attachmentsForm(files, `portal ${i}`),
        }),
      ),
    ),
  );
  const unknown = await measure(base, pid, () => declaredPost(base, "/api/v1/no-such-endpoint", tokens[0], 5 * 25 * MB + 2048));

  const rows = [
    ["six parallel uploads of 5 × 9.5 MB to the API", api],
    ["the same through the portal's support form", portal],
    ["5 × 25 MB to /api/v1/no-such-endpoint", unknown],
  ];
  for (const [name, m] of rows) {
    console.log(`\n${name}`);
    console.log(`  answers: ${JSON.stringify(m.result)}`);
    console.log(`  ${m.seconds} s; RSS ${m.rssBefore} MB before, peak ${m.rssPeak} MB (+${m.growth} MB); /healthz ${m.healthz}`);
    console.log(`  machine load average after it (1, 5, 15 min; 2 cores): ${m.load}`);
  }
}

try {
  await main();
} finally {
  await stopAll();
}
