// Temporary: profile rendered first views of one screen (not committed).
import http from "node:http";
import * as lib from "./bench-lib.mjs";
const path = process.argv[2] ?? "/dashboard";
const N = Number(process.argv[3] ?? 600);
process.env.NODE_OPTIONS = process.env.PROF ? "--import /tmp/prof-hook.mjs" : "";
const s = await lib.startPortalWithApi({ apiPort: 4711, portalPort: 4712 });

const cookies = await lib.openWithSessions(s.base, path, "", await lib.signInSessions(s.base, "resi@example.com", 10));
const agent = lib.agent(10);
function get(cookie) {
  return new Promise((resolve) => {
    http.get(`${s.base}${path}`, { agent, headers: { ...lib.BROWSER_HEADERS, cookie } }, (res) => { res.resume(); res.on("end", () => resolve(res.statusCode)); });
  });
}
async function run(n) { let i = 0; const st = {}; await Promise.all(cookies.map(async (c) => { while (i++ < n) { const code = await get(c); st[code] = (st[code] ?? 0) + 1; } })); return st; }
console.log("warm", await run(N));
if (process.env.PROF) process.kill(s.portalPid, "SIGUSR2");
const before = lib.cpuMs(s.portalPid); const api0 = lib.cpuMs(s.apiPid);
console.log("measure", await run(N));
console.log("portal ms/view", ((lib.cpuMs(s.portalPid) - before) / N).toFixed(2), "api ms/view", ((lib.cpuMs(s.apiPid) - api0) / N).toFixed(2));
if (process.env.PROF) { process.kill(s.portalPid, "SIGUSR2"); await lib.sleep(3000); }
await lib.stopAll();
